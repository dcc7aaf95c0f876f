// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// The rules of ttl.pipe_send and ttl.pipe_recv: a sent block is a DFB block, a received one
// a reserved block.

func.func @receive_into_waited_block() {
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %blk = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.pipe_recv' op receives into a block that does not come from ttl.reserve}}
  %tx = ttl.pipe_recv #ttl.pipe<net 0 pipe 0, src (0, 0), dst (1, 0) to (1, 0), "f.py:1"> into %blk : !ttl.block<1x1xbf16>
  ttl.pop %blk : !ttl.block<1x1xbf16>
  return
}

// -----

func.func @send_tile_math() {
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %blk = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %sum = ttl.add %blk, %blk : !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.pipe_send' op sends a block that does not come from ttl.reserve or ttl.wait (store tile math into a block first)}}
  %tx = ttl.pipe_send #ttl.pipe<net 0 pipe 0, src (0, 0), dst (1, 0) to (1, 0), "f.py:1"> from %sum : !ttl.block<1x1xbf16>
  ttl.pop %blk : !ttl.block<1x1xbf16>
  return
}
