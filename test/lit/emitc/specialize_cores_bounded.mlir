// RUN: ttlang-opt --ttl-specialize-cores %s | FileCheck %s
// RUN: ttlang-opt --ttl-specialize-cores=max-clones=8 %s | FileCheck %s --check-prefix=EIGHT
// The clones of a kernel are bounded (max-clones, 4 by default): the column comparison splits
// the 4x4 grid in two (column 0 sends, the others receive), the row comparisons in four, and
// 2 x 4 is over the bound, so the rows stay branches on the core coordinate at run time. A
// branch no core of a clone takes is not copied into it.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// CHECK-LABEL: func.func @k_cores0()
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(0, 0) to (0, 3)>]
// CHECK: %[[ROW:.*]] = ttl.node 1
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[ROW]]
// CHECK: scf.if
// CHECK: ttl.reserve
// CHECK: scf.if
// CHECK: ttl.reserve
// CHECK-NOT: ttl.wait
// CHECK: return
// CHECK-LABEL: func.func @k_cores1()
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(1, 0) to (3, 3)>]
// CHECK-NOT: ttl.reserve
// CHECK: scf.if
// CHECK: ttl.wait
// CHECK: return
// CHECK-NOT: func.func @k_cores2

// With max-clones=8, every comparison splits: a clone per column class and row.
// EIGHT-LABEL: func.func @k_cores0()
// EIGHT-SAME: ttl.core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>]
// EIGHT-LABEL: func.func @k_cores7()
// EIGHT-SAME: ttl.core_ranges = [#ttl.core_range<(1, 3) to (3, 3)>]
// EIGHT-NOT: func.func @k_cores8
func.func @k() attributes {ttl.grid = array<i64: 4, 4>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.bounded:00">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %col = ttl.node 0
  %row = ttl.node 1
  %source = arith.cmpi eq, %col, %c0 : index
  %receiver = arith.cmpi sge, %col, %c1 : index
  %row0 = arith.cmpi eq, %row, %c0 : index
  %row1 = arith.cmpi eq, %row, %c1 : index
  %row2 = arith.cmpi eq, %row, %c2 : index
  %send0 = arith.andi %source, %row0 : i1
  scf.if %send0 {
    %b = ttl.reserve %d : !d -> !blk
    ttl.push %b : !blk
  }
  %send1 = arith.andi %source, %row1 : i1
  scf.if %send1 {
    %b = ttl.reserve %d : !d -> !blk
    ttl.push %b : !blk
  }
  %receive2 = arith.andi %receiver, %row2 : i1
  scf.if %receive2 {
    %b = ttl.wait %d : !d -> !blk
    ttl.pop %b : !blk
  }
  return
}
