// RUN: ttlang-opt --ttl-expand-index-division %s | FileCheck %s
// Python's `%` (ttl.floor_mod) becomes C's truncating remainder (sign of the dividend) plus the
// divisor when that remainder is nonzero and its sign differs from the divisor's, in every
// kernel function, the same pass that expands `//`.

// CHECK-LABEL: func.func @k(
// CHECK-SAME: %[[A:.*]]: index, %[[B:.*]]: index
// CHECK-NOT: ttl.floor_mod
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[T:.*]] = arith.remsi %[[A]], %[[B]] : index
// CHECK-DAG: %[[NONZERO:.*]] = arith.cmpi ne, %[[T]], %[[ZERO]] : index
// CHECK-DAG: %[[TNEG:.*]] = arith.cmpi slt, %[[T]], %[[ZERO]] : index
// CHECK-DAG: %[[BNEG:.*]] = arith.cmpi slt, %[[B]], %[[ZERO]] : index
// CHECK-DAG: %[[DIFFER:.*]] = arith.xori %[[TNEG]], %[[BNEG]] : i1
// CHECK-DAG: %[[FIX:.*]] = arith.andi %[[NONZERO]], %[[DIFFER]] : i1
// CHECK-DAG: %[[SUM:.*]] = arith.addi %[[T]], %[[B]] : index
// CHECK: %[[R:.*]] = arith.select %[[FIX]], %[[SUM]], %[[T]] : index
// CHECK: return %[[R]]
func.func @k(%a: index, %b: index) -> index attributes {ttl.kernel = #ttl.kernel<data_movement, "dm", "lit.mod:00">} {
  %r = ttl.floor_mod %a, %b : index
  return %r : index
}
