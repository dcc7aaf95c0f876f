// RUN: ttlang-opt %s -split-input-file -verify-diagnostics

func.func @negative_dim(%y: tensor<64x1024xbf16>) {
  // expected-error @+1 {{'ttnn.moreh_softmax_backward' op dim must be in [0, 2) (ttnn takes an unsigned dimension), got -1}}
  %0 = ttnn.moreh_softmax_backward %y, %y {dim = -1 : i64} : tensor<64x1024xbf16>, tensor<64x1024xbf16> -> tensor<64x1024xbf16>
  return
}

// -----

func.func @dim_out_of_range(%y: tensor<64x1024xbf16>) {
  // expected-error @+1 {{'ttnn.moreh_softmax_backward' op dim must be in [0, 2) (ttnn takes an unsigned dimension), got 2}}
  %0 = ttnn.moreh_softmax_backward %y, %y {dim = 2 : i64} : tensor<64x1024xbf16>, tensor<64x1024xbf16> -> tensor<64x1024xbf16>
  return
}

// -----

func.func @result_element_type(%y: tensor<64x1024xbf16>) {
  // expected-error @+1 {{'ttnn.moreh_softmax_backward' op result must have the output's element type, got 'tensor<64x1024xf32>' for 'tensor<64x1024xbf16>'}}
  %0 = ttnn.moreh_softmax_backward %y, %y {dim = 1 : i64} : tensor<64x1024xbf16>, tensor<64x1024xbf16> -> tensor<64x1024xf32>
  return
}

// -----

func.func @shapes_differ(%y: tensor<64x1024xbf16>, %dy: tensor<64x512xbf16>) {
  // expected-error @+1 {{'ttnn.moreh_softmax_backward' op requires the same shape for all operands and results}}
  %0 = ttnn.moreh_softmax_backward %y, %dy {dim = 1 : i64} : tensor<64x1024xbf16>, tensor<64x512xbf16> -> tensor<64x1024xbf16>
  return
}
