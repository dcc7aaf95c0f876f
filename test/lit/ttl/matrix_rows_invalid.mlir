// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// `matrix_rows` (rows of several matrices in one tile copy) needs a batched tensor, a count that
// divides the block's rows and fits a matrix, and runs that stay inside their matrix.

func.func @rank_two(%t: tensor<64x96xbf16, #ttl.layout<dram, interleaved, tiled>>) attributes {ttl.grid = array<i64: 1, 1>} {
  %dfb = ttl.create_dfb : !ttl.dfb<2x3xbf16, 2>
  %c0 = arith.constant 0 : index
  %r = ttl.reserve %dfb : !ttl.dfb<2x3xbf16, 2> -> !ttl.block<2x3xbf16>
  // expected-error @+1 {{'ttl.load_tiles' op matrix_rows needs a tensor of rank > 2}}
  %tx = ttl.load_tiles %t[%c0, %c0], %r {matrix_rows = 1 : i64} : tensor<64x96xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<2x3xbf16>
  return
}

// -----

func.func @not_dividing(%t: tensor<4x96x96xbf16, #ttl.layout<dram, interleaved, tiled>>) attributes {ttl.grid = array<i64: 1, 1>} {
  %dfb = ttl.create_dfb : !ttl.dfb<3x1xbf16, 2>
  %c0 = arith.constant 0 : index
  %r = ttl.reserve %dfb : !ttl.dfb<3x1xbf16, 2> -> !ttl.block<3x1xbf16>
  // expected-error @+1 {{'ttl.load_tiles' op matrix_rows = 2 must be positive, at most a matrix's 3 tile rows and divide the block's 3 rows}}
  %tx = ttl.load_tiles %t[%c0, %c0], %r {matrix_rows = 2 : i64} : tensor<4x96x96xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<3x1xbf16>
  return
}

// -----

// 3 tile rows per matrix: rows [2, 4) of a matrix cross into the next one.
func.func @run_crosses_its_matrix(%t: tensor<4x96x96xbf16, #ttl.layout<dram, interleaved, tiled>>) attributes {ttl.grid = array<i64: 1, 1>} {
  %dfb = ttl.create_dfb : !ttl.dfb<4x1xbf16, 2>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %w = ttl.wait %dfb : !ttl.dfb<4x1xbf16, 2> -> !ttl.block<4x1xbf16>
  // expected-error @+1 {{'ttl.store_tiles' op tile rows [2, 4) of a matrix are outside its 3 tile rows}}
  %tx = ttl.store_tiles %w, %t[%c2, %c0] {matrix_rows = 2 : i64} : !ttl.block<4x1xbf16>, tensor<4x96x96xbf16, #ttl.layout<dram, interleaved, tiled>>
  return
}

// -----

// Runs of 1 row from 2 matrices starting in matrix 3 of 4: the second run is past the batch.
func.func @past_the_batch(%t: tensor<4x96x96xbf16, #ttl.layout<dram, interleaved, tiled>>) attributes {ttl.grid = array<i64: 1, 1>} {
  %dfb = ttl.create_dfb : !ttl.dfb<2x1xbf16, 2>
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %r = ttl.reserve %dfb : !ttl.dfb<2x1xbf16, 2> -> !ttl.block<2x1xbf16>
  // expected-error @+1 {{'ttl.load_tiles' op tile slice rows [10, 14) is outside the tensor's 12 tile rows}}
  %tx = ttl.load_tiles %t[%c10, %c0], %r {matrix_rows = 1 : i64} : tensor<4x96x96xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<2x1xbf16>
  return
}
