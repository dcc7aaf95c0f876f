// RUN: ttlang-opt %s -split-input-file -verify-diagnostics

func.func @shapes(%g: tensor<64x1024xbf16>, %x: tensor<64x512xbf16>) {
  // expected-error @+1 {{'ttnn.silu_bw' op requires the same shape for all operands and results}}
  %0 = ttnn.silu_bw %g, %x : tensor<64x1024xbf16>, tensor<64x512xbf16> -> tensor<64x1024xbf16>
  return
}

// -----

func.func @element_types(%g: tensor<64x1024xbf16>, %x: tensor<64x1024xf32>) {
  // expected-error @+1 {{'ttnn.silu_bw' op requires the same element type for all operands and results}}
  %0 = ttnn.silu_bw %g, %x : tensor<64x1024xbf16>, tensor<64x1024xf32> -> tensor<64x1024xbf16>
  return
}
