// RUN: ttlang-opt %s -split-input-file -verify-diagnostics

func.func @normalized_dims_zero(%x: tensor<64x1024xbf16>, %s: tensor<1x64xbf16>) {
  // expected-error @+1 {{'ttnn.moreh_layer_norm_backward' op normalized_dims must be in [1, 2], got 0}}
  %0 = ttnn.moreh_layer_norm_backward %x, %x, %s, %s {normalized_dims = 0 : i64} : tensor<64x1024xbf16>, tensor<64x1024xbf16>, tensor<1x64xbf16>, tensor<1x64xbf16> -> tensor<64x1024xbf16>
  return
}

// -----

func.func @output_grad_shape(%x: tensor<64x1024xbf16>, %dy: tensor<64x512xbf16>, %s: tensor<1x64xbf16>) {
  // expected-error @+1 {{'ttnn.moreh_layer_norm_backward' op output_grad must have the input's shape, got 'tensor<64x512xbf16>' for 'tensor<64x1024xbf16>'}}
  %0 = ttnn.moreh_layer_norm_backward %dy, %x, %s, %s {normalized_dims = 1 : i64} : tensor<64x512xbf16>, tensor<64x1024xbf16>, tensor<1x64xbf16>, tensor<1x64xbf16> -> tensor<64x1024xbf16>
  return
}

// -----

func.func @mean_shape(%x: tensor<64x1024xbf16>, %s: tensor<64x1xbf16>) {
  // expected-error @+1 {{'ttnn.moreh_layer_norm_backward' op mean must be 1x64 (the input's leading dimensions), got 'tensor<64x1xbf16>'}}
  %0 = ttnn.moreh_layer_norm_backward %x, %x, %s, %s {normalized_dims = 1 : i64} : tensor<64x1024xbf16>, tensor<64x1024xbf16>, tensor<64x1xbf16>, tensor<64x1xbf16> -> tensor<64x1024xbf16>
  return
}

// -----

func.func @gamma_shape(%x: tensor<4x64x1024xbf16>, %s: tensor<1x4xbf16>, %g: tensor<1x1024xbf16>) {
  // expected-error @+1 {{'ttnn.moreh_layer_norm_backward' op gamma must be 64x1024 (the normalized dimensions), got 'tensor<1x1024xbf16>'}}
  %0 = ttnn.moreh_layer_norm_backward %x, %x, %s, %s gamma %g {normalized_dims = 2 : i64} : tensor<4x64x1024xbf16>, tensor<4x64x1024xbf16>, tensor<1x4xbf16>, tensor<1x4xbf16>, tensor<1x1024xbf16> -> tensor<4x64x1024xbf16>
  return
}

// -----

func.func @no_gradient(%x: tensor<64x1024xbf16>, %s: tensor<1x64xbf16>) {
  // expected-error @+1 {{'ttnn.moreh_layer_norm_backward' op computes no gradient (input_grad, gamma_grad and beta_grad are all false)}}
  "ttnn.moreh_layer_norm_backward"(%x, %x, %s, %s) {normalized_dims = 1 : i64, input_grad = false} : (tensor<64x1024xbf16>, tensor<64x1024xbf16>, tensor<1x64xbf16>, tensor<1x64xbf16>) -> ()
  return
}

// -----

func.func @result_count(%x: tensor<64x1024xbf16>, %s: tensor<1x64xbf16>) {
  // expected-error @+1 {{'ttnn.moreh_layer_norm_backward' op has 1 results for 2 gradients}}
  %0 = ttnn.moreh_layer_norm_backward %x, %x, %s, %s {normalized_dims = 1 : i64, gamma_grad = true} : tensor<64x1024xbf16>, tensor<64x1024xbf16>, tensor<1x64xbf16>, tensor<1x64xbf16> -> tensor<64x1024xbf16>
  return
}

// -----

func.func @gamma_grad_shape(%x: tensor<64x1024xbf16>, %s: tensor<1x64xbf16>) {
  // expected-error @+1 {{'ttnn.moreh_layer_norm_backward' op gamma_grad must be 1x1024 of the output_grad's element type, got 'tensor<1024xbf16>'}}
  %0 = ttnn.moreh_layer_norm_backward %x, %x, %s, %s {normalized_dims = 1 : i64, input_grad = false, gamma_grad = true} : tensor<64x1024xbf16>, tensor<64x1024xbf16>, tensor<1x64xbf16>, tensor<1x64xbf16> -> tensor<1024xbf16>
  return
}
