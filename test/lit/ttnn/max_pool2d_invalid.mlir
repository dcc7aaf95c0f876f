// RUN: ttlang-opt %s -split-input-file -verify-diagnostics

func.func @kernel_rank(%x: tensor<1x1x3136x64xbf16>) {
  // expected-error @+1 {{'ttnn.max_pool2d' op kernel_size must have 2 values (height, width), got 1}}
  %0 = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, channels = 64 : i64, kernel_size = array<i64: 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16> -> tensor<1x1x784x64xbf16>
  return
}

// -----

func.func @zero_stride(%x: tensor<1x1x3136x64xbf16>) {
  // expected-error @+1 {{'ttnn.max_pool2d' op kernel_size and stride must be positive}}
  %0 = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 0, 2>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16> -> tensor<1x1x784x64xbf16>
  return
}

// -----

func.func @padding_too_large(%x: tensor<1x1x3136x64xbf16>) {
  // expected-error @+1 {{'ttnn.max_pool2d' op padding 2 must be in [0, kernel_size / 2] (kernel 3)}}
  %0 = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 2, 1>} : tensor<1x1x3136x64xbf16> -> tensor<1x1x784x64xbf16>
  return
}

// -----

func.func @input_not_flattened(%x: tensor<1x56x56x64xbf16>) {
  // expected-error @+1 {{'ttnn.max_pool2d' op input must be [1, 1, batch_size * input_height * input_width, channels] = [1, 1, 3136, 64], got 'tensor<1x56x56x64xbf16>'}}
  %0 = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x56x56x64xbf16> -> tensor<1x1x784x64xbf16>
  return
}

// -----

func.func @batch_mismatch(%x: tensor<1x1x3136x64xbf16>) {
  // expected-error @+1 {{'ttnn.max_pool2d' op input must be [1, 1, batch_size * input_height * input_width, channels] = [1, 1, 6272, 64], got 'tensor<1x1x3136x64xbf16>'}}
  %0 = ttnn.max_pool2d %x {batch_size = 2 : i64, input_height = 56 : i64, input_width = 56 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16> -> tensor<1x1x1568x64xbf16>
  return
}

// -----

func.func @window_too_large(%x: tensor<1x1x4x64xbf16>) {
  // expected-error @+1 {{'ttnn.max_pool2d' op the 3x3 window does not fit the 2x2 input padded by 0x0}}
  %0 = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 2 : i64, input_width = 2 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x4x64xbf16> -> tensor<1x1x1x64xbf16>
  return
}

// -----

func.func @result_shape(%x: tensor<1x1x3136x64xbf16>) {
  // expected-error @+1 {{'ttnn.max_pool2d' op result must be [1, 1, 784, 64] (1 x 28 x 28 pixels) of the input's element type, got 'tensor<1x1x3136x64xbf16>'}}
  %0 = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16> -> tensor<1x1x3136x64xbf16>
  return
}

// -----

func.func @non_positive_sizes(%x: tensor<1x1x0x64xbf16>) {
  // expected-error @+1 {{'ttnn.max_pool2d' op batch_size, input_height, input_width and the input channels must be positive}}
  %0 = ttnn.max_pool2d %x {batch_size = 0 : i64, input_height = 56 : i64, input_width = 56 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x0x64xbf16> -> tensor<1x1x0x64xbf16>
  return
}
