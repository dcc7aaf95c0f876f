// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// Values carried through loops and produced by ifs (the frontend's iter_args / if results)
// become C++ variables.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// (canonicalization turns the if into a select: a C++ conditional expression)
// CHECK-LABEL: // ===== kernel carried =====
// CHECK: size_t [[X:v[0-9]+]] = get_absolute_logical_x();
// CHECK-NEXT: size_t [[ACC:v[0-9]+]];
// CHECK-NEXT: [[ACC]] = [[X]];
// CHECK-NEXT: for (size_t [[I:i[0-9]+]] = {{.*}}) {
// CHECK-NEXT: size_t [[OLD:v[0-9]+]] = [[ACC]];
// CHECK-NEXT: [[ACC]] = [[OLD]] + [[I]];
// CHECK-NEXT: }
// CHECK-NEXT: size_t [[SUM:v[0-9]+]] = [[ACC]];
// CHECK-NEXT: for (size_t {{i[0-9]+}} = {{v[0-9]+}}; {{i[0-9]+}} < ([[SUM]] > {{v[0-9]+}} ? [[SUM]] : {{v[0-9]+}}); {{.*}}) {
// CHECK-NEXT: cb_reserve_back(
func.func @carried() attributes {ttl.grid = array<i64: 2, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.carried:00">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %col = ttl.node 0
  %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %col) -> (index) {
    %next = arith.addi %acc, %i : index
    scf.yield %next : index
  }
  %big = arith.cmpi ugt, %sum, %c3 : index
  %n = scf.if %big -> (index) {
    scf.yield %sum : index
  } else {
    scf.yield %c1 : index
  }
  scf.for %j = %c0 to %n step %c1 {
    %b = ttl.reserve %d : !d -> !blk
    ttl.push %b : !blk
  }
  return
}
