// RUN: ttlang-opt --ttl-expand-index-division %s | FileCheck %s
// Python's `//` (arith.floordivsi) and a folded ceildivsi become C's truncating division with
// the sign corrections, in every kernel function.

// CHECK-LABEL: func.func @k(
// CHECK-NOT: arith.floordivsi
// CHECK-NOT: arith.ceildivsi
// CHECK-DAG: arith.divsi
// CHECK-DAG: arith.select
// CHECK: return
func.func @k(%a: index, %b: index) -> (index, index) attributes {ttl.kernel = #ttl.kernel<data_movement, "dm", "lit.div:00">} {
  %q = arith.floordivsi %a, %b : index
  %c = arith.ceildivsi %a, %b : index
  return %q, %c : index, index
}
