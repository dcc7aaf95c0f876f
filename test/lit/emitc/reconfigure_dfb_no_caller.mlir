// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// Without runtime resources there are no caller words: the k-th ring offset is
// per-core arg k and no caller-argument count is passed. Two reconfigurations
// of one DFB get rings one after the other; the kernel narrows the circular
// buffer to the initial ring at its start (the firmware configures the whole
// allocation), each reconfiguration passes the offset of the ring it leaves,
// and a producer that shrinks the ring first waits for the difference in the
// old ring (at most the new ring's pages in flight).

!d = !ttl.dfb<1x2xf32, 2>
!blk = !ttl.block<1x2xf32>

// CHECK-LABEL: // ===== kernel writer =====
// CHECK: uint32_t [[ZERO:v[0-9]+]] = 0;
// CHECK-NEXT: uint32_t [[DFB:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-NEXT: ttl::configure_initial_dfb([[DFB]], 4, 4096);
// CHECK-NEXT: cb_reserve_back([[DFB]], 2);
// CHECK-NEXT: cb_push_back([[DFB]], 2);
// CHECK-NEXT: uint32_t [[A:v[0-9]+]] = get_arg_val<uint32_t>(0);
// CHECK-NEXT: ttl::reconfigure_dfb([[DFB]], [[ZERO]], [[A]], 6, 4096);
// CHECK-NEXT: uint32_t [[FROM:v[0-9]+]] = get_arg_val<uint32_t>(0);
// CHECK-NEXT: uint32_t [[B:v[0-9]+]] = get_arg_val<uint32_t>(1);
// CHECK-NEXT: cb_reserve_back([[DFB]], 4);
// CHECK-NEXT: ttl::reconfigure_dfb([[DFB]], [[FROM]], [[B]], 2, 4096);
// CHECK-NOT: get_compile_time_arg_val(1)
func.func @writer() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.nocaller:00">} {
  %dfb = ttl.create_dfb {physical_index = 2 : i32} : !d
  %r = ttl.reserve %dfb : !d -> !blk
  ttl.push %r : !blk
  ttl.reconfigure_dfb %dfb block_count = 3 : !d
  ttl.reconfigure_dfb %dfb block_count = 1 : !d
  return
}
