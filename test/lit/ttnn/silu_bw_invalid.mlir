// RUN: ttlang-opt %s -split-input-file -verify-diagnostics

func.func @shapes(%g: tensor<64x1024xbf16>, %x: tensor<64x512xbf16>) {
  // expected-error @+1 {{'ttnn.silu_bw' op grad 'tensor<64x1024xbf16>' must broadcast to input 'tensor<64x512xbf16>''s shape}}
  %0 = ttnn.silu_bw %g, %x : tensor<64x1024xbf16>, tensor<64x512xbf16> -> tensor<64x1024xbf16>
  return
}

// -----

// ttnn writes the result in x's shape: a grad that x broadcasts to is rejected (binary_ng's
// shapes_equal TT_FATAL, measured: grad 3x64x32 with x 64x32).
func.func @input_broadcast(%g: tensor<3x64x32xbf16>, %x: tensor<64x32xbf16>) {
  // expected-error @+1 {{'ttnn.silu_bw' op grad 'tensor<3x64x32xbf16>' must broadcast to input 'tensor<64x32xbf16>''s shape}}
  %0 = ttnn.silu_bw %g, %x : tensor<3x64x32xbf16>, tensor<64x32xbf16> -> tensor<3x64x32xbf16>
  return
}

// -----

func.func @result_shape(%g: tensor<64x32xbf16>, %x: tensor<3x64x32xbf16>) {
  // expected-error @+1 {{'ttnn.silu_bw' op result must have the input's shape}}
  %0 = ttnn.silu_bw %g, %x : tensor<64x32xbf16>, tensor<3x64x32xbf16> -> tensor<64x32xbf16>
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
