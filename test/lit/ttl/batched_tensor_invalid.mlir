// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// A tile copy's tensor has rank 2 or more; of rank > 2, its tile grid stacks the batch's
// matrices along the rows, and a constant slice must fit that grid.

func.func @rank_one(%t: tensor<64xbf16, #ttl.layout<dram, interleaved, tiled>>) attributes {ttl.grid = array<i64: 1, 1>} {
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %c0 = arith.constant 0 : index
  %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.load_tiles' op tensor must have rank 2 or more, got 1}}
  %tx = ttl.load_tiles %t[%c0, %c0], %r : tensor<64xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<1x1xbf16>
  return
}

// -----

// 2 x 64 x 96 elements: 2 matrices of 2 tile rows, 4 tile rows in all; rows [3, 5) overflow.
func.func @past_the_batch(%t: tensor<2x64x96xbf16, #ttl.layout<dram, interleaved, tiled>>) attributes {ttl.grid = array<i64: 1, 1>} {
  %dfb = ttl.create_dfb : !ttl.dfb<2x3xbf16, 2>
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %r = ttl.reserve %dfb : !ttl.dfb<2x3xbf16, 2> -> !ttl.block<2x3xbf16>
  // expected-error @+1 {{'ttl.load_tiles' op tile slice rows [3, 5) is outside the tensor's 4 tile rows}}
  %tx = ttl.load_tiles %t[%c3, %c0], %r : tensor<2x64x96xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<2x3xbf16>
  return
}
