// RUN: ttlang-opt --ttl-specialize-cores %s | FileCheck %s
// A comparison over the coordinate that some core cannot evaluate (here a division by zero on
// core (1, 0)) is not specialized: the kernel keeps it and stays one kernel for the grid.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// CHECK-LABEL: func.func @k()
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(0, 0) to (1, 0)>]
// CHECK: arith.divsi
// CHECK: %[[P:.*]] = arith.cmpi sgt
// CHECK: scf.if %[[P]]
// CHECK-NOT: func.func @k_cores
func.func @k() attributes {ttl.grid = array<i64: 2, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.spec:10">} {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %col = ttl.node 0
  %left = arith.subi %c1, %col : index
  %q = arith.divsi %c4, %left : index
  %big = arith.cmpi sgt, %q, %c1 : index
  scf.if %big {
    %b = ttl.reserve %d : !d -> !blk
    ttl.push %b : !blk
  }
  return
}
