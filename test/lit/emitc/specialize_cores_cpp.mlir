// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// RUN: ttlang-opt --ttl-backend-pipeline %s | FileCheck %s --check-prefix=IR
// Core specialization gives several TT-Metal kernels (descriptors) for one logical kernel,
// each with its own core ranges and the logical-kernel identity.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// IR: emitc.file "edge_cores0" attributes {ttl.kernel_record = #ttl.kernel_record<kernel = <data_movement, "data_movement", "lit.edge:00">, role = data_movement_0, core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>],
// IR: emitc.file "edge_cores1" attributes {ttl.kernel_record = #ttl.kernel_record<kernel = <data_movement, "data_movement", "lit.edge:00">, role = data_movement_0, core_ranges = [#ttl.core_range<(1, 0) to (3, 0)>],

// The first column produces; the coordinate folds to 0 and disappears.
// CHECK-LABEL: // ===== kernel edge_cores0 =====
// CHECK-NOT: get_absolute_logical
// CHECK: cb_reserve_back([[CB:v[0-9]+]], 1);
// CHECK-NEXT: cb_push_back([[CB]], 1);
// CHECK-NEXT: return;
// The other columns consume.
// CHECK-LABEL: // ===== kernel edge_cores1 =====
// CHECK-NOT: get_absolute_logical
// CHECK: cb_wait_front([[CB:v[0-9]+]], 1);
// CHECK-NEXT: cb_pop_front([[CB]], 1);
// CHECK-NEXT: return;
func.func @edge() attributes {ttl.grid = array<i64: 4, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.edge:00">} {
  %c0 = arith.constant 0 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %col = ttl.node 0
  %first = arith.cmpi eq, %col, %c0 : index
  scf.if %first {
    %b = ttl.reserve %d : !d -> !blk
    ttl.push %b : !blk
  } else {
    %b = ttl.wait %d : !d -> !blk
    ttl.pop %b : !blk
  }
  return
}
