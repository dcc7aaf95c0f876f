// RUN: ttlang-opt %s -split-input-file -verify-diagnostics

func.func @shapes(%g: tensor<64x1024xbf16>, %x: tensor<64x512xbf16>) {
  // expected-error @+1 {{'ttnn.silu_bw' op grad, input and result must have one shape}}
  %0 = ttnn.silu_bw %g, %x : tensor<64x1024xbf16>, tensor<64x512xbf16> -> tensor<64x1024xbf16>
  return
}

// -----

func.func @element_types(%g: tensor<64x1024xbf16>, %x: tensor<64x1024xf32>) {
  // grad may differ from the input, the result must not (ttnn writes it in the input's data type).
  // expected-error @+1 {{'ttnn.silu_bw' op result must have the input's element type}}
  %0 = ttnn.silu_bw %g, %x : tensor<64x1024xbf16>, tensor<64x1024xf32> -> tensor<64x1024xbf16>
  return
}

// -----

func.func @relu_bw_broadcast(%g: tensor<64x1024xbf16>, %x: tensor<2x1024xbf16>) {
  // expected-error @+1 {{'ttnn.relu_bw' op grad 'tensor<64x1024xbf16>' and input 'tensor<2x1024xbf16>' do not broadcast}}
  %0 = ttnn.relu_bw %g, %x : tensor<64x1024xbf16>, tensor<2x1024xbf16> -> tensor<64x1024xbf16>
  return
}
