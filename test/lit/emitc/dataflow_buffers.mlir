// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// DFB ops become the circular-buffer API on the physical index read from the kernel's
// compile-time arguments (ascending physical index); counts are tiles per block.

!d = !ttl.dfb<2x2xbf16, 2>
!blk = !ttl.block<2x2xbf16>

// CHECK-LABEL: // ===== kernel relay =====
// CHECK: #include "api/dataflow/dataflow_api.h"
// CHECK: void kernel_main() {
// CHECK-DAG: uint32_t [[IN:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: uint32_t [[OUT:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK: cb_wait_front([[IN]], 4);
// CHECK-NEXT: cb_reserve_back([[OUT]], 4);
// CHECK-NEXT: cb_push_back([[OUT]], 4);
// CHECK-NEXT: cb_pop_front([[IN]], 4);
// CHECK-NEXT: return;
func.func @relay() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.relay:00">} {
  %in = ttl.create_dfb {physical_index = 5 : i32} : !d
  %out = ttl.create_dfb {physical_index = 3 : i32} : !d
  %w = ttl.wait %in : !d -> !blk
  %r = ttl.reserve %out : !d -> !blk
  ttl.push %r : !blk
  ttl.pop %w : !blk
  return
}
