// RUN: ttlang-opt %s -split-input-file -verify-diagnostics

func.func @shape_mismatch(%a: tensor<32x64xbf16>) -> tensor<64x32xbf16> {
  // expected-error @+1 {{'ttnn.relu' op requires the same shape for all operands and results}}
  %0 = ttnn.relu %a : tensor<32x64xbf16> -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}

// -----

func.func @element_mismatch(%a: tensor<32x32xbf16>) -> tensor<32x32xf32> {
  // expected-error @+1 {{'ttnn.relu' op requires the same element type for all operands and results}}
  %0 = ttnn.relu %a : tensor<32x32xbf16> -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

func.func @foreign_encoding(%a: tensor<32x32xbf16, "l1">) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttnn.relu' op tensor encoding must be a #ttnn.layout, got "l1" (operand 0)}}
  %0 = ttnn.relu %a : tensor<32x32xbf16, "l1"> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @storage_mismatch(%a: tensor<32x32xf32, #ttnn.layout<l1, interleaved, bf16>>) -> tensor<32x32xf32, #ttnn.layout<l1, interleaved, bf16>> {
  // expected-error @+1 {{'ttnn.relu' op element type 'f32' cannot be stored as bf16 (operand 0)}}
  %0 = ttnn.relu %a : tensor<32x32xf32, #ttnn.layout<l1, interleaved, bf16>> -> tensor<32x32xf32, #ttnn.layout<l1, interleaved, bf16>>
  return %0 : tensor<32x32xf32, #ttnn.layout<l1, interleaved, bf16>>
}
