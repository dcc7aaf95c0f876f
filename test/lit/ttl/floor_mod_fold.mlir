// RUN: ttlang-opt --canonicalize %s | FileCheck %s
// ttl.floor_mod (Python's `%`) folds constant operands with Python's floor semantics: the
// result is zero or has the sign of the divisor, -7 % 3 == 2 and 7 % -3 == -2.

// CHECK-LABEL: func.func @constants(
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[M2:.*]] = arith.constant -2 : index
// CHECK-DAG: %[[M1:.*]] = arith.constant -1 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NOT: ttl.floor_mod
// CHECK: return %[[C1]], %[[C2]], %[[M2]], %[[M1]], %[[C0]] :
func.func @constants() -> (index, index, index, index, index) {
  %c7 = arith.constant 7 : index
  %cm7 = arith.constant -7 : index
  %c3 = arith.constant 3 : index
  %cm3 = arith.constant -3 : index
  %c6 = arith.constant 6 : index
  %a = ttl.floor_mod %c7, %c3 : index
  %b = ttl.floor_mod %cm7, %c3 : index
  %c = ttl.floor_mod %c7, %cm3 : index
  %d = ttl.floor_mod %cm7, %cm3 : index
  %e = ttl.floor_mod %c6, %cm3 : index
  return %a, %b, %c, %d, %e : index, index, index, index, index
}

// Any value modulo 1 or -1 is 0, also at run time; i32 folds like index.
// CHECK-LABEL: func.func @unit_divisor(
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[ZI:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[FIVE:.*]] = arith.constant 5 : i32
// CHECK-NOT: ttl.floor_mod
// CHECK: return %[[Z]], %[[Z]], %[[ZI]], %[[FIVE]] :
func.func @unit_divisor(%x: index, %y: i32) -> (index, index, i32, i32) {
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  %i1 = arith.constant 1 : i32
  %im9 = arith.constant -9 : i32
  %i7 = arith.constant 7 : i32
  %a = ttl.floor_mod %x, %c1 : index
  %b = ttl.floor_mod %x, %cm1 : index
  %c = ttl.floor_mod %y, %i1 : i32
  %d = ttl.floor_mod %im9, %i7 : i32
  return %a, %b, %c, %d : index, index, i32, i32
}

// A runtime dividend and a zero divisor (undefined, as for arith.remsi) stay.
// CHECK-LABEL: func.func @not_folded(
// CHECK: ttl.floor_mod %{{.*}}, %{{.*}} : index
// CHECK: ttl.floor_mod %{{.*}}, %{{.*}} : index
func.func @not_folded(%x: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %a = ttl.floor_mod %x, %c3 : index
  %b = ttl.floor_mod %c7, %c0 : index
  return %a, %b : index, index
}
