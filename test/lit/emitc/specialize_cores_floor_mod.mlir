// RUN: ttlang-opt --ttl-specialize-cores --canonicalize %s | FileCheck %s
// Per-core evaluation computes ttl.floor_mod (Python's `%`) with floor semantics: on a 3x1 grid
// (col - 1) % 2 == 1 holds on cols 0 and 2 ((-1) % 2 is 1, not C's -1), so those two cores
// share one clone that reserves, and col 1 gets the other.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// CHECK-LABEL: func.func @k_cores0()
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>, #ttl.core_range<(2, 0) to (2, 0)>]
// CHECK-NEXT: ttl.create_dfb
// CHECK-NEXT: ttl.reserve
// CHECK-NEXT: ttl.push
// CHECK-NEXT: return
// CHECK-LABEL: func.func @k_cores1()
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(1, 0) to (1, 0)>]
// CHECK-NEXT: return
func.func @k() attributes {ttl.grid = array<i64: 3, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.fm:00">} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %col = ttl.node 0
  %shifted = arith.subi %col, %c1 : index
  %parity = ttl.floor_mod %shifted, %c2 : index
  %odd = arith.cmpi eq, %parity, %c1 : index
  scf.if %odd {
    %b = ttl.reserve %d : !d -> !blk
    ttl.push %b : !blk
  }
  return
}
