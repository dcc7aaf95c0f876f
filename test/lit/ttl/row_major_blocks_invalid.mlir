// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// The rules of element-shaped blocks and row copies (TTLTypes.cpp, TTLOps.cpp verifyRowSlice):
// a layout keyword other than row_major, whole rows of an interleaved row-major tensor of the
// block's element type, inside the tensor, into a row_major block; tile math takes tiles only.

// expected-error @+1 {{expected 'row_major' (a tiled block is written without a layout), got 'tiled'}}
func.func private @tiled_keyword(!ttl.block<1x1xbf16, tiled>)

// -----

// expected-error @+1 {{dataflow buffer block dimensions must be positive, got 0}}
func.func private @empty_row(!ttl.dfb<1x0xbf16, 2, row_major>)

// -----

func.func @partial_rows(%t: tensor<4x64xbf16, #ttl.layout<dram, interleaved, row_major>>) attributes {ttl.grid = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %d = ttl.create_dfb : !ttl.dfb<1x32xbf16, 2, row_major>
  %r = ttl.reserve %d : !ttl.dfb<1x32xbf16, 2, row_major> -> !ttl.block<1x32xbf16, row_major>
  // expected-error @+1 {{'ttl.load_rows' op block rows of 32 elements are not the tensor's rows of 64 elements: a row copy moves whole rows (pages)}}
  %tx = ttl.load_rows %t[%c0], %r : tensor<4x64xbf16, #ttl.layout<dram, interleaved, row_major>>, !ttl.block<1x32xbf16, row_major>
  return
}

// -----

func.func @rows_outside(%t: tensor<4x32xbf16, #ttl.layout<dram, interleaved, row_major>>) attributes {ttl.grid = array<i64: 1, 1>} {
  %c3 = arith.constant 3 : index
  %d = ttl.create_dfb : !ttl.dfb<2x32xbf16, 2, row_major>
  %r = ttl.reserve %d : !ttl.dfb<2x32xbf16, 2, row_major> -> !ttl.block<2x32xbf16, row_major>
  // expected-error @+1 {{'ttl.load_rows' op rows [3, 5) are outside the tensor's 4 rows}}
  %tx = ttl.load_rows %t[%c3], %r : tensor<4x32xbf16, #ttl.layout<dram, interleaved, row_major>>, !ttl.block<2x32xbf16, row_major>
  return
}

// -----

func.func @tiled_tensor(%t: tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>) attributes {ttl.grid = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %d = ttl.create_dfb : !ttl.dfb<1x32xbf16, 2, row_major>
  %r = ttl.reserve %d : !ttl.dfb<1x32xbf16, 2, row_major> -> !ttl.block<1x32xbf16, row_major>
  // expected-error @+1 {{'ttl.load_rows' op copies rows of a tiled tensor; row copies need a row_major tensor}}
  %tx = ttl.load_rows %t[%c0], %r : tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<1x32xbf16, row_major>
  return
}

// -----

func.func @tile_block(%t: tensor<4x32xbf16, #ttl.layout<dram, interleaved, row_major>>) attributes {ttl.grid = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %w = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.store_rows' op copies rows into a block of tiles '!ttl.block<1x1xbf16>'; a row copy moves an element-shaped row_major block}}
  %tx = ttl.store_rows %w, %t[%c0] : !ttl.block<1x1xbf16>, tensor<4x32xbf16, #ttl.layout<dram, interleaved, row_major>>
  return
}

// -----

func.func @element_type(%t: tensor<4x32xf32, #ttl.layout<dram, interleaved, row_major>>) attributes {ttl.grid = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %d = ttl.create_dfb : !ttl.dfb<1x32xbf16, 2, row_major>
  %r = ttl.reserve %d : !ttl.dfb<1x32xbf16, 2, row_major> -> !ttl.block<1x32xbf16, row_major>
  // expected-error @+1 {{'ttl.load_rows' op tensor element type 'f32' does not match block element type 'bf16'}}
  %tx = ttl.load_rows %t[%c0], %r : tensor<4x32xf32, #ttl.layout<dram, interleaved, row_major>>, !ttl.block<1x32xbf16, row_major>
  return
}

// -----

func.func @from_wait(%t: tensor<4x32xbf16, #ttl.layout<dram, interleaved, row_major>>) attributes {ttl.grid = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %d = ttl.create_dfb : !ttl.dfb<1x32xbf16, 2, row_major>
  %w = ttl.wait %d : !ttl.dfb<1x32xbf16, 2, row_major> -> !ttl.block<1x32xbf16, row_major>
  // expected-error @+1 {{'ttl.load_rows' op copies into a block that does not come from ttl.reserve}}
  %tx = ttl.load_rows %t[%c0], %w : tensor<4x32xbf16, #ttl.layout<dram, interleaved, row_major>>, !ttl.block<1x32xbf16, row_major>
  return
}

// -----

func.func @layout_mismatch() attributes {ttl.grid = array<i64: 1, 1>} {
  %d = ttl.create_dfb : !ttl.dfb<1x32xbf16, 2, row_major>
  // expected-error @+1 {{'ttl.reserve' op result '!ttl.block<1x32xbf16>' does not match the blocks of '!ttl.dfb<1x32xbf16, 2, row_major>'}}
  %r = ttl.reserve %d : !ttl.dfb<1x32xbf16, 2, row_major> -> !ttl.block<1x32xbf16>
  return
}

// -----

func.func @tile_math() attributes {ttl.grid = array<i64: 1, 1>} {
  %d = ttl.create_dfb : !ttl.dfb<1x32xbf16, 2, row_major>
  %w = ttl.wait %d : !ttl.dfb<1x32xbf16, 2, row_major> -> !ttl.block<1x32xbf16, row_major>
  // expected-error @+1 {{'ttl.exp' op operand #0 must be block of 32x32 tiles (an element-shaped row_major block is for data movement only: copy the tensor in tile layout to compute on it)}}
  %e = ttl.exp %w : !ttl.block<1x32xbf16, row_major>
  return
}
