// RUN: ttlang-opt %s --ttl-verify-block-lifetimes -split-input-file -verify-diagnostics
// A block used after its release reads or writes a slot its DFB's other side
// owns again: an error at the use, naming where the block was acquired and
// released.

// A waited block popped, then read by tile math (`o.store(x + 1.0)`).
func.func @math_after_pop() {
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %x = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-note @+1 {{popped here}}
  ttl.pop %x : !ttl.block<1x1xbf16>
  %y = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error-re @+1 {{block used after its release: the block waited for at {{.*}}use_after_release_invalid.mlir:10 was popped at {{.*}}use_after_release_invalid.mlir:12, which hands its L1 slot back to the other side of the DFB; use a block before its pop{{$}}}}
  %s = ttl.add_scalar %x, 1.0 : !ttl.block<1x1xbf16>
  ttl.store %s, %y : !ttl.block<1x1xbf16>
  ttl.push %y : !ttl.block<1x1xbf16>
  return
}

// -----

// An explicit push, then a copy into the pushed block.
func.func @copy_after_push(%t: tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>) {
  %c0 = arith.constant 0 : index
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %x = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-note @+1 {{pushed here}}
  ttl.push %x : !ttl.block<1x1xbf16>
  // expected-error @+1 {{block used after its release: the block reserved at}}
  %tx = ttl.load_tiles %t[%c0, %c0], %x : tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<1x1xbf16>
  ttl.transfer_wait %tx
  return
}

// -----

// The first use after the release in program order is reported, also when it
// is nested in later control.
func.func @use_in_later_loop(%t: tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %x = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-note @+1 {{popped here}}
  ttl.pop %x : !ttl.block<1x1xbf16>
  scf.for %i = %c0 to %c2 step %c1 {
    // expected-error @+1 {{block used after its release}}
    %tx = ttl.store_tiles %x, %t[%c0, %i] : !ttl.block<1x1xbf16>, tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
    %ty = ttl.store_tiles %x, %t[%c0, %c0] : !ttl.block<1x1xbf16>, tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
  }
  return
}

// -----

// Block math computed while the block is held but stored after its pop: the
// math is evaluated at the store (fused into its tile loop), so the store reads
// the popped block (`acc = fill; with d.wait() as x: acc += x` then
// `o.store(acc)` after the 'with'). The error is at the store.
func.func @derived_value_stored_after_pop() {
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %y = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %f = ttl.fill 1.0 : !ttl.block<1x1xbf16>
  %x = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %s = ttl.add %f, %x : !ttl.block<1x1xbf16>
  %t = ttl.mul_scalar %s, 2.0 : !ttl.block<1x1xbf16>
  // expected-note @+1 {{popped here}}
  ttl.pop %x : !ttl.block<1x1xbf16>
  // expected-error-re @+1 {{block math used after its operand's release (block math is evaluated where its result is stored): the block waited for at {{.*}}use_after_release_invalid.mlir:{{[0-9]+}} was popped at {{.*}}, which hands its L1 slot back to the other side of the DFB; store a value computed from a block before its pop{{$}}}}
  ttl.store %t, %y : !ttl.block<1x1xbf16>
  ttl.push %y : !ttl.block<1x1xbf16>
  return
}
