// RUN: ttlang-opt --ttl-accumulate-carried-blocks -split-input-file -verify-diagnostics %s
// A block carried across loop iterations in any other form than a running sum stored once,
// right after the loop, into a block reserved before it.

!x = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
func.func @replaced() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb : !x
  %out = ttl.create_dfb : !x
  %o = ttl.reserve %out : !x -> !b
  // expected-note @below {{the carried value starts here}}
  %z = ttl.fill 0.000000e+00 : !b
  %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (!b) {
    %x = ttl.wait %a : !x -> !b
    // expected-error @below {{a block value carried across loop iterations is replaced in the loop, not added to}}
    %e = ttl.exp %x : !b
    ttl.pop %x : !b
    scf.yield %e : !b
  }
  ttl.store %r, %o : !b
  ttl.push %o : !b
  return
}

// -----

!x = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
func.func @product() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb : !x
  %out = ttl.create_dfb : !x
  %o = ttl.reserve %out : !x -> !b
  // expected-note @below {{the carried value starts here}}
  %f = ttl.fill 1.000000e+00 : !b
  %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %f) -> (!b) {
    %x = ttl.wait %a : !x -> !b
    // expected-error @below {{is used by something other than `+=`}}
    %m = ttl.mul %acc, %x : !b
    ttl.pop %x : !b
    scf.yield %m : !b
  }
  ttl.store %r, %o : !b
  ttl.push %o : !b
  return
}

// -----

!x = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
func.func @read_after_store() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb : !x
  %out = ttl.create_dfb : !x
  %neg = ttl.create_dfb : !x
  %o = ttl.reserve %out : !x -> !b
  %q = ttl.reserve %neg : !x -> !b
  // expected-note @below {{the carried value starts here}}
  %z = ttl.fill 0.000000e+00 : !b
  %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (!b) {
    %x = ttl.wait %a : !x -> !b
    %s = ttl.add %acc, %x : !b
    ttl.pop %x : !b
    scf.yield %s : !b
  }
  ttl.store %r, %o : !b
  // expected-error @below {{must be stored exactly once (`blk.store(acc)`), right after the loop, and read nowhere else}}
  %n = ttl.sub %z, %r : !b
  ttl.store %n, %q : !b
  ttl.push %q : !b
  ttl.push %o : !b
  return
}

// -----

!x = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
func.func @reserved_after() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb : !x
  %out = ttl.create_dfb : !x
  // expected-note @below {{the carried value starts here}}
  %z = ttl.fill 0.000000e+00 : !b
  %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (!b) {
    %x = ttl.wait %a : !x -> !b
    %s = ttl.add %acc, %x : !b
    ttl.pop %x : !b
    scf.yield %s : !b
  }
  %o = ttl.reserve %out : !x -> !b
  // expected-error @below {{is stored into a block not reserved before the loop}}
  ttl.store %r, %o : !b
  ttl.push %o : !b
  return
}

// -----

!x = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
func.func @released_before_store() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb : !x
  %out = ttl.create_dfb : !x
  %o = ttl.reserve %out : !x -> !b
  // expected-note @below {{the carried value starts here}}
  %z = ttl.fill 0.000000e+00 : !b
  %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (!b) {
    %x = ttl.wait %a : !x -> !b
    %s = ttl.add %acc, %x : !b
    ttl.pop %x : !b
    scf.yield %s : !b
  }
  // expected-error @below {{ends in a block released here, before the sum is stored into it}}
  ttl.push %o : !b
  ttl.store %r, %o : !b
  return
}

// -----

!x = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
func.func @block_also_stored() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb : !x
  %out = ttl.create_dfb : !x
  %o = ttl.reserve %out : !x -> !b
  // expected-note @below {{the carried value starts here}}
  %z = ttl.fill 0.000000e+00 : !b
  // expected-error @below {{ends in a block that is also stored here}}
  ttl.store %z, %o : !b
  %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (!b) {
    %x = ttl.wait %a : !x -> !b
    %s = ttl.add %acc, %x : !b
    ttl.pop %x : !b
    scf.yield %s : !b
  }
  ttl.store %r, %o : !b
  ttl.push %o : !b
  return
}
