// RUN: ttlang-opt --ttl-specialize-cores %s | FileCheck %s
// A branch the cores of a clone never run is folded away by ttl-specialize-cores itself: here
// core 1 alone takes the early-return guard, its column folds to 1, and the copy of column 1 in
// the other branch (outside the one-tile-wide tensor) would fail load_tiles' verifier, which
// runs right after the pass.

#dram = #ttl.layout<dram, interleaved, tiled>
!t = tensor<32x32xbf16, #dram>
!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// Core 0 copies its column; the guard's branch is gone.
// CHECK-LABEL: func.func @read_cores0(
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>]
// CHECK-NOT: scf.if
// CHECK: ttl.load_tiles
// Core 1 returns at once: no copy is left.
// CHECK-LABEL: func.func @read_cores1(
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(1, 0) to (1, 0)>]
// CHECK-NOT: scf.if
// CHECK-NOT: ttl.load_tiles
// CHECK: return
func.func @read(%a: !t) attributes {ttl.grid = array<i64: 2, 1>, ttl.kernel = #ttl.kernel<data_movement, "read", "lit.dead:00">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %col = ttl.node 0
  %idle = arith.cmpi sge, %col, %c1 : index
  scf.if %idle {
  } else {
    %b = ttl.reserve %d : !d -> !blk
    %tx = ttl.load_tiles %a[%c0, %col], %b : !t, !blk
    ttl.transfer_wait %tx
    ttl.push %b : !blk
  }
  return
}
