// RUN: ttlang-opt %s -split-input-file -verify-diagnostics

func.func @rank_one(%a: tensor<64xbf16>, %b: tensor<64x32xbf16>) {
  // expected-error @+1 {{'ttnn.linear' op operands must have rank >= 2, got 'tensor<64xbf16>' and 'tensor<64x32xbf16>'}}
  %0 = ttnn.linear %a, %b : tensor<64xbf16>, tensor<64x32xbf16> -> tensor<32xbf16>
  return
}

// -----

func.func @inner_dims(%a: tensor<64x128xbf16>, %b: tensor<64x32xbf16>) {
  // expected-error @+1 {{'ttnn.linear' op inner dimensions differ: a is 64x128, b is 64x32}}
  %0 = ttnn.linear %a, %b : tensor<64x128xbf16>, tensor<64x32xbf16> -> tensor<64x32xbf16>
  return
}

// -----

func.func @transpose_b(%a: tensor<64x128xbf16>, %b: tensor<128x32xbf16>) {
  // expected-error @+1 {{'ttnn.linear' op inner dimensions differ: a is 64x128, b is 32x128}}
  %0 = ttnn.linear %a, %b {transpose_b = true} : tensor<64x128xbf16>, tensor<128x32xbf16> -> tensor<64x128xbf16>
  return
}

// -----

func.func @batch(%a: tensor<2x64x128xbf16>, %b: tensor<3x128x32xbf16>) {
  // expected-error @+1 {{'ttnn.linear' op batch dimensions of 'tensor<2x64x128xbf16>' and 'tensor<3x128x32xbf16>' are not broadcast-compatible}}
  %0 = ttnn.linear %a, %b : tensor<2x64x128xbf16>, tensor<3x128x32xbf16> -> tensor<2x64x32xbf16>
  return
}

// -----

func.func @result_shape(%a: tensor<64x128xbf16>, %b: tensor<128x32xbf16>) {
  // expected-error @+1 {{'ttnn.linear' op result must have the product's shape 'tensor<64x32xbf16>', got 'tensor<64x64xbf16>'}}
  %0 = ttnn.linear %a, %b : tensor<64x128xbf16>, tensor<128x32xbf16> -> tensor<64x64xbf16>
  return
}

// -----

func.func @bias_width(%a: tensor<64x128xbf16>, %b: tensor<128x32xbf16>, %bias: tensor<1x64xbf16>) {
  // expected-error @+1 {{'ttnn.linear' op bias must broadcast over the result 'tensor<64x32xbf16>' without changing its shape, got 'tensor<1x64xbf16>'}}
  %0 = ttnn.linear %a, %b bias %bias : tensor<64x128xbf16>, tensor<128x32xbf16>, tensor<1x64xbf16> -> tensor<64x32xbf16>
  return
}

// -----

func.func @bias_rows(%a: tensor<64x128xbf16>, %b: tensor<128x32xbf16>, %bias: tensor<2x64x32xbf16>) {
  // expected-error @+1 {{'ttnn.linear' op bias must broadcast over the result 'tensor<64x32xbf16>' without changing its shape, got 'tensor<2x64x32xbf16>'}}
  %0 = ttnn.linear %a, %b bias %bias : tensor<64x128xbf16>, tensor<128x32xbf16>, tensor<2x64x32xbf16> -> tensor<64x32xbf16>
  return
}

// -----

func.func @unknown_activation(%a: tensor<64x128xbf16>, %b: tensor<128x32xbf16>) {
  // expected-error @+2 {{expected ::mlir::ttnn::UnaryActivation to be one of: relu, relu6, gelu, silu, sigmoid, tanh}}
  // expected-error @+1 {{failed to parse TTNN_UnaryActivationAttr parameter 'value' which is to be a `::mlir::ttnn::UnaryActivation`}}
  %0 = ttnn.linear %a, %b activation softmax : tensor<64x128xbf16>, tensor<128x32xbf16> -> tensor<64x32xbf16>
  return
}
