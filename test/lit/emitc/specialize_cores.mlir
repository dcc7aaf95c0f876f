// RUN: ttlang-opt --ttl-specialize-cores --canonicalize %s | FileCheck %s
// Comparisons decided by the core coordinate split a kernel into one clone per subset of cores
// with equal outcomes; each clone folds its comparisons, and a coordinate that is the same on
// every core of its subset, and records its core rectangles.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// Grid 3x2; outcomes of (col == 0, row < 1) give four subsets, named in row-major order of
// their first core.
// CHECK-LABEL: func.func @k_cores0()
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>]
// CHECK-SAME: ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.spec:00">
// Core (0, 0): both branches taken, the loop 0..col+row is empty.
// CHECK-NEXT: ttl.create_dfb
// CHECK-NEXT: ttl.reserve
// CHECK-NEXT: ttl.push
// CHECK-NEXT: return
// Cores (1..2, 0): row folds to 0, col stays the firmware coordinate.
// CHECK-LABEL: func.func @k_cores1()
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(1, 0) to (2, 0)>]
// CHECK-NOT: ttl.reserve
// CHECK: %[[X:.*]] = ttl.node 0
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[X]] step
// CHECK-NOT: ttl.node 1
// CHECK: return
// CHECK-LABEL: func.func @k_cores2()
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(0, 1) to (0, 1)>]
// CHECK-NEXT: ttl.create_dfb
// CHECK-NEXT: ttl.reserve
// CHECK-NEXT: ttl.push
// CHECK-NEXT: return
// CHECK-LABEL: func.func @k_cores3()
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(1, 1) to (2, 1)>]
// CHECK-NEXT: return
// CHECK-NOT: func.func @k(
func.func @k() attributes {ttl.grid = array<i64: 3, 2>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.spec:00">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %col = ttl.node 0
  %row = ttl.node 1
  %first_col = arith.cmpi eq, %col, %c0 : index
  scf.if %first_col {
    %b = ttl.reserve %d : !d -> !blk
    ttl.push %b : !blk
  }
  %top = arith.cmpi slt, %row, %c1 : index
  %sum = arith.addi %col, %row : index
  scf.if %top {
    scf.for %i = %c0 to %sum step %c1 {
      %b = ttl.reserve %d : !d -> !blk
      ttl.push %b : !blk
    }
  }
  return
}

// A kernel whose comparisons do not depend on the coordinate stays one kernel for the grid.
// CHECK-LABEL: func.func @uniform()
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(0, 0) to (3, 1)>]
// CHECK: ttl.node 0
func.func @uniform() attributes {ttl.grid = array<i64: 4, 2>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.spec:00">} {
  %c1 = arith.constant 1 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %col = ttl.node 0
  %next = arith.addi %col, %c1 : index
  scf.for %i = %col to %next step %c1 {
    %b = ttl.wait %d : !d -> !blk
    ttl.pop %b : !blk
  }
  return
}
