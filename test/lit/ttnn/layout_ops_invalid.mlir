// RUN: ttlang-opt %s -split-input-file -verify-diagnostics

func.func @concat_no_inputs() -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttnn.concat' op takes at least one input}}
  %0 = "ttnn.concat"() {dim = 0 : si32} : () -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @concat_dim(%a: tensor<32x32xbf16>) -> tensor<64x32xbf16> {
  // expected-error @+1 {{'ttnn.concat' op dim 2 must be in [-2, 2)}}
  %0 = ttnn.concat %a, %a {dim = 2 : si32} : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}

// -----

func.func @concat_rank(%a: tensor<32x32xbf16>, %b: tensor<1x32x32xbf16>) -> tensor<64x32xbf16> {
  // expected-error @+1 {{'ttnn.concat' op input 1 has rank 3, input 0 has 2}}
  %0 = ttnn.concat %a, %b {dim = 0 : si32} : tensor<32x32xbf16>, tensor<1x32x32xbf16> -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}

// -----

func.func @concat_other_dim(%a: tensor<32x32xbf16>, %b: tensor<32x64xbf16>) -> tensor<64x32xbf16> {
  // expected-error @+1 {{'ttnn.concat' op input 1 is 32x64, input 0 is 32x32: dimension 1 differs and is not the concatenated one (0)}}
  %0 = ttnn.concat %a, %b {dim = 0 : si32} : tensor<32x32xbf16>, tensor<32x64xbf16> -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}

// -----

func.func @concat_result(%a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttnn.concat' op result shape must be 64x32, got 32x32}}
  %0 = ttnn.concat %a, %a {dim = 0 : si32} : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @slice_entries(%a: tensor<64x64xbf16>) -> tensor<32x64xbf16> {
  // expected-error @+1 {{'ttnn.slice' op begins, ends and step need one entry per dimension (2), got 1, 2 and 2}}
  %0 = ttnn.slice %a {begins = array<i64: 0>, ends = array<i64: 32, 64>, step = array<i64: 1, 1>} : tensor<64x64xbf16> -> tensor<32x64xbf16>
  return %0 : tensor<32x64xbf16>
}

// -----

func.func @slice_step(%a: tensor<64x64xbf16>) -> tensor<32x64xbf16> {
  // expected-error @+1 {{'ttnn.slice' op step[1] = 0 must be at least 1}}
  %0 = ttnn.slice %a {begins = array<i64: 0, 0>, ends = array<i64: 32, 64>, step = array<i64: 1, 0>} : tensor<64x64xbf16> -> tensor<32x64xbf16>
  return %0 : tensor<32x64xbf16>
}

// -----

func.func @slice_window(%a: tensor<64x64xbf16>) -> tensor<32x64xbf16> {
  // expected-error @+1 {{'ttnn.slice' op dimension 0: need 0 <= begin < end <= 64, got [40, 72)}}
  %0 = ttnn.slice %a {begins = array<i64: 40, 0>, ends = array<i64: 72, 64>, step = array<i64: 1, 1>} : tensor<64x64xbf16> -> tensor<32x64xbf16>
  return %0 : tensor<32x64xbf16>
}

// -----

// ttnn 0.81.1 runs an end inside the tile padding only on its tile program (TT_FATAL with a step,
// an unaligned begin or a row-major input, measured on both mock devices).
func.func @slice_padding_step(%a: tensor<50x64xbf16>) -> tensor<32x64xbf16> {
  // expected-error @+1 {{'ttnn.slice' op dimension 0: an end inside the tile padding (past 50, got 64) needs a tiled input, unit steps and tile-multiple begins in the last two dimensions}}
  %0 = ttnn.slice %a {begins = array<i64: 0, 0>, ends = array<i64: 64, 64>, step = array<i64: 2, 1>} : tensor<50x64xbf16> -> tensor<32x64xbf16>
  return %0 : tensor<32x64xbf16>
}

// -----

func.func @slice_padding_begin(%a: tensor<721x576xf32>) -> tensor<36x128xf32> {
  // expected-error @+1 {{'ttnn.slice' op dimension 0: an end inside the tile padding (past 721, got 736)}}
  %0 = ttnn.slice %a {begins = array<i64: 700, 288>, ends = array<i64: 736, 416>, step = array<i64: 1, 1>} : tensor<721x576xf32> -> tensor<36x128xf32>
  return %0 : tensor<36x128xf32>
}

// -----

func.func @slice_padding_row_major(%a: tensor<50x64xf32, #ttnn.layout<row_major, l1, interleaved, f32>>) -> tensor<60x64xf32, #ttnn.layout<row_major, l1, interleaved, f32>> {
  // expected-error @+1 {{'ttnn.slice' op dimension 0: an end inside the tile padding (past 50, got 60)}}
  %0 = ttnn.slice %a {begins = array<i64: 0, 0>, ends = array<i64: 60, 64>, step = array<i64: 1, 1>} : tensor<50x64xf32, #ttnn.layout<row_major, l1, interleaved, f32>> -> tensor<60x64xf32, #ttnn.layout<row_major, l1, interleaved, f32>>
  return %0 : tensor<60x64xf32, #ttnn.layout<row_major, l1, interleaved, f32>>
}

// -----

func.func @slice_past_padding(%a: tensor<50x64xbf16>) -> tensor<66x64xbf16> {
  // expected-error @+1 {{'ttnn.slice' op dimension 0: need 0 <= begin < end <= 64, got [0, 66)}}
  %0 = ttnn.slice %a {begins = array<i64: 0, 0>, ends = array<i64: 66, 64>, step = array<i64: 1, 1>} : tensor<50x64xbf16> -> tensor<66x64xbf16>
  return %0 : tensor<66x64xbf16>
}

// -----

func.func @slice_result(%a: tensor<64x64xbf16>) -> tensor<32x64xbf16> {
  // expected-error @+1 {{'ttnn.slice' op result shape must be 32x32, got 32x64}}
  %0 = ttnn.slice %a {begins = array<i64: 0, 0>, ends = array<i64: 32, 64>, step = array<i64: 1, 2>} : tensor<64x64xbf16> -> tensor<32x64xbf16>
  return %0 : tensor<32x64xbf16>
}

// -----

func.func @repeat_entries(%a: tensor<64x64xbf16>) -> tensor<128x64xbf16> {
  // expected-error @+1 {{'ttnn.repeat' op repeats needs one entry per dimension (2), got 3}}
  %0 = ttnn.repeat %a {repeats = array<i64: 2, 1, 1>} : tensor<64x64xbf16> -> tensor<128x64xbf16>
  return %0 : tensor<128x64xbf16>
}

// -----

func.func @repeat_zero(%a: tensor<64x64xbf16>) -> tensor<0x64xbf16> {
  // expected-error @+1 {{'ttnn.repeat' op repeats[0] = 0 must be at least 1}}
  %0 = ttnn.repeat %a {repeats = array<i64: 0, 1>} : tensor<64x64xbf16> -> tensor<0x64xbf16>
  return %0 : tensor<0x64xbf16>
}

// -----

func.func @repeat_result(%a: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  // expected-error @+1 {{'ttnn.repeat' op result shape must be 128x64, got 64x64}}
  %0 = ttnn.repeat %a {repeats = array<i64: 2, 1>} : tensor<64x64xbf16> -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

func.func @to_layout_shape(%a: tensor<64x1024xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // expected-error @+1 {{'ttnn.to_layout' op result type 'tensor<32x1024xbf16, #ttnn.layout<dram, interleaved, bf16>>' has another shape than the input type 'tensor<64x1024xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>' (to_layout changes pages, not shape)}}
  %0 = ttnn.to_layout %a : tensor<64x1024xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<32x1024xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}

// -----

func.func @to_layout_element(%a: tensor<64x1024xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // expected-error @+1 {{'ttnn.to_layout' op result element type 'f32' differs from the input's 'bf16' (convert with ttnn.typecast)}}
  %0 = ttnn.to_layout %a : tensor<64x1024xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<64x1024xf32, #ttnn.layout<dram, interleaved, f32>>
  return
}
