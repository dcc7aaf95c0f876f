// RUN: ttlang-opt %s -split-input-file -verify-diagnostics

func.func @permute_rank(%a: tensor<32x64xbf16>) -> tensor<64x32xbf16> {
  // expected-error @+1 {{'ttnn.permute' op permutation needs one entry per dimension (2), got 3}}
  %0 = ttnn.permute %a {permutation = array<i64: 1, 0, 2>} : tensor<32x64xbf16> -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}

// -----

func.func @permute_range(%a: tensor<32x64xbf16>) -> tensor<64x32xbf16> {
  // expected-error @+1 {{'ttnn.permute' op permutation[1] = 2 is not a dimension in [0, 2)}}
  %0 = ttnn.permute %a {permutation = array<i64: 1, 2>} : tensor<32x64xbf16> -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}

// -----

func.func @permute_twice(%a: tensor<32x64xbf16>) -> tensor<64x32xbf16> {
  // expected-error @+1 {{'ttnn.permute' op permutation names dimension 1 twice}}
  %0 = ttnn.permute %a {permutation = array<i64: 1, 1>} : tensor<32x64xbf16> -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}

// -----

func.func @permute_result(%a: tensor<32x64xbf16>) -> tensor<32x64xbf16> {
  // expected-error @+1 {{'ttnn.permute' op result shape must be 64x32, got 32x64}}
  %0 = ttnn.permute %a {permutation = array<i64: 1, 0>} : tensor<32x64xbf16> -> tensor<32x64xbf16>
  return %0 : tensor<32x64xbf16>
}

// -----

func.func @pad_entries(%a: tensor<32x64xbf16>) -> tensor<64x64xbf16> {
  // expected-error @+1 {{'ttnn.pad' op padding needs a (front, back) pair per dimension (4 entries), got 2}}
  %0 = ttnn.pad %a {padding = array<i64: 0, 32>} : tensor<32x64xbf16> -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

func.func @pad_negative(%a: tensor<32x64xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttnn.pad' op dimension 1: padding (0, -32) must not be negative}}
  %0 = ttnn.pad %a {padding = array<i64: 0, 0, 0, -32>} : tensor<32x64xbf16> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @pad_result(%a: tensor<32x64xbf16>) -> tensor<64x64xbf16> {
  // expected-error @+1 {{'ttnn.pad' op result shape must be 32x96, got 64x64}}
  %0 = ttnn.pad %a {padding = array<i64: 0, 0, 0, 32>} : tensor<32x64xbf16> -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

func.func @embedding_indices_type(%i: tensor<2x64xbf16>, %w: tensor<100x256xbf16>) -> tensor<2x64x256xbf16> {
  // expected-error @+1 {{'ttnn.embedding' op indices must be ui32, got 'bf16'}}
  %0 = ttnn.embedding %i, %w : tensor<2x64xbf16>, tensor<100x256xbf16> -> tensor<2x64x256xbf16>
  return %0 : tensor<2x64x256xbf16>
}

// -----

func.func @embedding_indices_rank(%i: tensor<128xui32>, %w: tensor<100x256xbf16>) -> tensor<128x256xbf16> {
  // expected-error @+1 {{'ttnn.embedding' op indices must be [batch, seq], got rank 1}}
  %0 = ttnn.embedding %i, %w : tensor<128xui32>, tensor<100x256xbf16> -> tensor<128x256xbf16>
  return %0 : tensor<128x256xbf16>
}

// -----

func.func @embedding_weight_rank(%i: tensor<2x64xui32>, %w: tensor<1x100x256xbf16>) -> tensor<2x64x256xbf16> {
  // expected-error @+1 {{'ttnn.embedding' op weight must be [rows, hidden], got rank 3}}
  %0 = ttnn.embedding %i, %w : tensor<2x64xui32>, tensor<1x100x256xbf16> -> tensor<2x64x256xbf16>
  return %0 : tensor<2x64x256xbf16>
}

// -----

func.func @embedding_element(%i: tensor<2x64xui32>, %w: tensor<100x256xbf16>) -> tensor<2x64x256xf32> {
  // expected-error @+1 {{'ttnn.embedding' op result element type 'f32' differs from the weight's 'bf16'}}
  %0 = ttnn.embedding %i, %w : tensor<2x64xui32>, tensor<100x256xbf16> -> tensor<2x64x256xf32>
  return %0 : tensor<2x64x256xf32>
}

// -----

func.func @embedding_result(%i: tensor<2x64xui32>, %w: tensor<100x256xbf16>) -> tensor<2x64x100xbf16> {
  // expected-error @+1 {{'ttnn.embedding' op result shape must be 2x64x256, got 2x64x100}}
  %0 = ttnn.embedding %i, %w : tensor<2x64xui32>, tensor<100x256xbf16> -> tensor<2x64x100xbf16>
  return %0 : tensor<2x64x100xbf16>
}

// -----

func.func @argmax_dim(%a: tensor<64x1024xbf16>) -> tensor<64xui32> {
  // expected-error @+1 {{'ttnn.argmax' op dim 2 must be in [-2, 2)}}
  %0 = ttnn.argmax %a {dim = 2 : si32} : tensor<64x1024xbf16> -> tensor<64xui32>
  return %0 : tensor<64xui32>
}

// -----

func.func @argmax_element(%a: tensor<64x1024xbf16>) -> tensor<64xbf16> {
  // expected-error @+1 {{'ttnn.argmax' op result must be ui32 indices, got 'bf16'}}
  %0 = ttnn.argmax %a {dim = 1 : si32} : tensor<64x1024xbf16> -> tensor<64xbf16>
  return %0 : tensor<64xbf16>
}

// -----

func.func @argmax_result(%a: tensor<64x1024xbf16>) -> tensor<64xui32> {
  // expected-error @+1 {{'ttnn.argmax' op result shape must be 64x1, got 64}}
  %0 = ttnn.argmax %a {dim = 1 : si32, keep_dim = true} : tensor<64x1024xbf16> -> tensor<64xui32>
  return %0 : tensor<64xui32>
}

// -----

func.func @argmax_all(%a: tensor<64x1024xbf16>) -> tensor<64xui32> {
  // expected-error @+1 {{'ttnn.argmax' op result shape must be a scalar, got 64}}
  %0 = ttnn.argmax %a : tensor<64x1024xbf16> -> tensor<64xui32>
  return %0 : tensor<64xui32>
}

// -----

#u32 = #ttnn.layout<row_major, dram, interleaved, u32>
func.func @u32_element(%a: tensor<64xbf16, #u32>) {
  // expected-error @+1 {{'ttnn.relu' op element type 'bf16' cannot be stored as u32 (operand 0)}}
  %0 = ttnn.relu %a : tensor<64xbf16, #u32> -> tensor<64xbf16, #u32>
  return
}
