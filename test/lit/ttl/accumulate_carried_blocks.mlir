// RUN: ttlang-opt --ttl-accumulate-carried-blocks -split-input-file %s | FileCheck %s
// A block sum carried across loop iterations (`acc = fill(0)`, `acc += a @ b`, `blk.store(acc)`)
// becomes accumulating stores into the block reserved before the loop; the iter_arg goes.

!x = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
// A zero start before a loop that runs: the first accumulating store overwrites.
// CHECK-LABEL: func.func @zero_start
// CHECK: %[[O:.*]] = ttl.reserve
// CHECK-NOT: ttl.fill
// CHECK-NOT: ttl.store
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[P:.*]] = ttl.matmul
// CHECK-NEXT: ttl.store %[[P]], %[[O]] {accumulate}
// CHECK-NEXT: ttl.pop
// CHECK-NEXT: ttl.pop
// CHECK-NEXT: }
// CHECK-NEXT: ttl.push %[[O]]
func.func @zero_start() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb : !x
  %w = ttl.create_dfb : !x
  %out = ttl.create_dfb : !x
  %o = ttl.reserve %out : !x -> !b
  %z = ttl.fill 0.000000e+00 : !b
  %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (!b) {
    %x = ttl.wait %a : !x -> !b
    %y = ttl.wait %w : !x -> !b
    %p = ttl.matmul %x, %y : !b, !b -> !b
    %s = ttl.add %acc, %p : !b
    ttl.pop %y : !b
    ttl.pop %x : !b
    scf.yield %s : !b
  }
  ttl.store %r, %o : !b
  ttl.push %o : !b
  return
}

// -----

!x = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
// A non-zero start is stored first; the sum (either operand order) then adds.
// CHECK-LABEL: func.func @nonzero_start
// CHECK: %[[O:.*]] = ttl.reserve
// CHECK: %[[F:.*]] = ttl.fill 1.500000e+00
// CHECK-NEXT: ttl.store %[[F]], %[[O]] :
// CHECK-NEXT: scf.for
// CHECK: %[[M:.*]] = ttl.mul
// CHECK-NEXT: ttl.store %[[M]], %[[O]] {accumulate}
func.func @nonzero_start() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb : !x
  %out = ttl.create_dfb : !x
  %o = ttl.reserve %out : !x -> !b
  %f = ttl.fill 1.500000e+00 : !b
  %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %f) -> (!b) {
    %x = ttl.wait %a : !x -> !b
    %m = ttl.mul %x, %x : !b
    %s = ttl.add %m, %acc : !b
    ttl.pop %x : !b
    scf.yield %s : !b
  }
  ttl.store %r, %o : !b
  ttl.push %o : !b
  return
}

// -----

!x = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
// A zero start before a loop whose trip count is known only at run time is stored: a loop that
// runs no iteration leaves zeros.
// CHECK-LABEL: func.func @runtime_trip_count
// CHECK: %[[O:.*]] = ttl.reserve
// CHECK: %[[Z:.*]] = ttl.fill 0.000000e+00
// CHECK-NEXT: ttl.store %[[Z]], %[[O]] :
// CHECK-NEXT: scf.for
// CHECK: ttl.store %{{.*}}, %[[O]] {accumulate}
func.func @runtime_trip_count(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = ttl.create_dfb : !x
  %out = ttl.create_dfb : !x
  %o = ttl.reserve %out : !x -> !b
  %z = ttl.fill 0.000000e+00 : !b
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> (!b) {
    %x = ttl.wait %a : !x -> !b
    %s = ttl.add %acc, %x : !b
    ttl.pop %x : !b
    scf.yield %s : !b
  }
  ttl.store %r, %o : !b
  ttl.push %o : !b
  return
}

// -----

!x = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
// The sum passes through a nested loop; both loops lose their iter_arg, and an integer carried
// beside it stays.
// CHECK-LABEL: func.func @nested
// CHECK: %[[O:.*]] = ttl.reserve
// CHECK-NOT: ttl.fill
// CHECK: %{{.*}} = scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (index) {
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: ttl.store %{{.*}}, %[[O]] {accumulate}
// CHECK-NOT: ttl.add
// CHECK: scf.yield %{{.*}} : index
func.func @nested() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = ttl.create_dfb : !x
  %out = ttl.create_dfb : !x
  %o = ttl.reserve %out : !x -> !b
  %z = ttl.fill 0.000000e+00 : !b
  %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %z, %n = %c0) -> (!b, index) {
    %inner = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc2 = %acc) -> (!b) {
      %x = ttl.wait %a : !x -> !b
      %s = ttl.add %acc2, %x : !b
      ttl.pop %x : !b
      scf.yield %s : !b
    }
    %n2 = arith.addi %n, %c1 : index
    scf.yield %inner, %n2 : !b, index
  }
  ttl.store %r#0, %o : !b
  ttl.push %o : !b
  return
}
