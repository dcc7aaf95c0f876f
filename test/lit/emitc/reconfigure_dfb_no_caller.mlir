// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// Without runtime resources there are no caller words: the k-th ring offset is
// per-core arg k and no caller-argument count is passed. Two reconfigurations
// of one DFB get rings one after the other.

!d = !ttl.dfb<1x2xf32, 2>
!blk = !ttl.block<1x2xf32>

// CHECK-LABEL: // ===== kernel writer =====
// CHECK: uint32_t [[A:v[0-9]+]] = get_arg_val<uint32_t>(0);
// CHECK-NEXT: ttl::reconfigure_dfb({{v[0-9]+}}, [[A]], 6, 4096);
// CHECK: uint32_t [[B:v[0-9]+]] = get_arg_val<uint32_t>(1);
// CHECK-NEXT: ttl::reconfigure_dfb({{v[0-9]+}}, [[B]], 2, 4096);
// CHECK-NOT: get_compile_time_arg_val(1)
func.func @writer() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.nocaller:00">} {
  %dfb = ttl.create_dfb {physical_index = 2 : i32} : !d
  ttl.reconfigure_dfb %dfb block_count = 3 : !d
  ttl.reconfigure_dfb %dfb block_count = 1 : !d
  return
}
