// RUN: ttlang-opt %s --ttl-verify-block-lifetimes -split-input-file -verify-diagnostics
// A thread that holds a block of each side of a one-block DFB at once waits for
// the slot it holds itself: the reserve for the waited block's pop, or the wait
// for the reserved block's push. A certain deadlock (found by the fuzzer,
// issue 33): an error at the second acquire, with a note at the held block.

// Waited, then reserved: the reserve needs the slot the waited block holds.
func.func @wait_then_reserve() {
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 1>
  // expected-note @+1 {{the held block is waited for here}}
  %x = ttl.wait %d : !ttl.dfb<1x1xbf16, 1> -> !ttl.block<1x1xbf16>
  // expected-error-re @+1 {{DFB created at {{.*}}:9 has block_count=1 and its one block is waited for at {{.*}}:11 and still held: reserving a block of it here waits for that slot, which this thread releases only later (a deadlock); give the DFB block_count=2 or release the first block before}}
  %y = ttl.reserve %d : !ttl.dfb<1x1xbf16, 1> -> !ttl.block<1x1xbf16>
  ttl.push %y : !ttl.block<1x1xbf16>
  ttl.pop %x : !ttl.block<1x1xbf16>
  return
}

// -----

// Reserved, then waited for: the wait needs a push of the reserved block.
func.func @reserve_then_wait() {
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 1>
  // expected-note @+1 {{the held block is reserved here}}
  %x = ttl.reserve %d : !ttl.dfb<1x1xbf16, 1> -> !ttl.block<1x1xbf16>
  // expected-error-re @+1 {{DFB created at {{.*}}:23 has block_count=1 and its one block is reserved at {{.*}}:25 and still held: waiting for a block of it here waits for that slot}}
  %y = ttl.wait %d : !ttl.dfb<1x1xbf16, 1> -> !ttl.block<1x1xbf16>
  ttl.pop %y : !ttl.block<1x1xbf16>
  ttl.push %x : !ttl.block<1x1xbf16>
  return
}

// -----

// Two blocks in the ring: both sides may be held at once.
func.func @two_blocks() {
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %x = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %y = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %y : !ttl.block<1x1xbf16>
  ttl.pop %x : !ttl.block<1x1xbf16>
  return
}
