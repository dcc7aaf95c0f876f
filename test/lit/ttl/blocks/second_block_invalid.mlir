// RUN: ttlang-opt %s --ttl-verify-block-lifetimes -split-input-file -verify-diagnostics
// A second block of one DFB and side acquired while the first is held would
// alias it (cb_reserve_back / cb_wait_front move no pointer): an error at the
// second acquire, with a note at the held block.

// Two reserved blocks, released explicitly.
func.func @two_reserves() {
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-note @+1 {{the held block is reserved here}}
  %x = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error-re @+1 {{DFB created at {{.*}}second_block_invalid.mlir:8 already has a reserved block: the block reserved at {{.*}}:10 is held until its push at {{.*}}:14, and a second block is reserved here; one DFB holds one reserved block at a time (cb_reserve_back moves no pointer, so a second block would alias the first's L1 slot): push the first block before reserving another, or use a second DFB}}
  %y = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %y : !ttl.block<1x1xbf16>
  ttl.push %x : !ttl.block<1x1xbf16>
  return
}

// -----

// Two waited blocks; the held one is released after the second.
func.func @two_waits() {
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %x = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %x : !ttl.block<1x1xbf16>
  // expected-note @+1 {{the held block is waited for here}}
  %x2 = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error-re @+1 {{DFB created at {{.*}}:22 already has a waited-for block: the block waited for at {{.*}}:26 is held until its pop at {{.*}}:30, and a second block is waited for here; one DFB holds one waited-for block at a time (cb_wait_front moves no pointer, so a second block would alias the first's L1 slot): pop the first block before waiting for another, or use a second DFB}}
  %y = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %y : !ttl.block<1x1xbf16>
  ttl.pop %x2 : !ttl.block<1x1xbf16>
  return
}

// -----

// The second acquire is nested in a loop inside the held block's region.
func.func @second_in_loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-note @+1 {{the held block is reserved here}}
  %x = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  scf.for %i = %c0 to %c2 step %c1 {
    // expected-error @+1 {{already has a reserved block}}
    %y = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.push %y : !ttl.block<1x1xbf16>
  }
  ttl.push %x : !ttl.block<1x1xbf16>
  return
}

// -----

// An external call whose listed effects wait on the DFB while a waited block
// of it is held.
func.func @external_wait_while_held() {
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-note @+1 {{the held block is waited for here}}
  %x = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{already has a waited-for block: the block waited for at}}
  ttl.call_extern_func "drain" from "h.hpp" args(%d : !ttl.dfb<1x1xbf16, 2>)
      effects [#ttl.dfb_effect<wait, dependency = 0, tiles = 1>,
               #ttl.dfb_effect<pop, dependency = 0, tiles = 1>]
      {ttl.kernels = [#ttl.kernel<compute>]}
  ttl.pop %x : !ttl.block<1x1xbf16>
  return
}
