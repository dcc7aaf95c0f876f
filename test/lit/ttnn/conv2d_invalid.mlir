// RUN: ttlang-opt %s -split-input-file -verify-diagnostics

func.func @weight_shape(%x: tensor<1x1x3136x64xbf16>, %w: tensor<256x32x1x1xbf16>) {
  // expected-error @+1 {{'ttnn.conv2d' op weight must be [out_channels, in_channels, kernel_h, kernel_w] = [256, 64, 1, 1], got 'tensor<256x32x1x1xbf16>'}}
  %0 = ttnn.conv2d %x, %w {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x3136x64xbf16>, tensor<256x32x1x1xbf16> -> tensor<1x1x3136x256xbf16>
  return
}

// -----

func.func @bias_shape(%x: tensor<1x1x3136x64xbf16>, %w: tensor<256x64x1x1xbf16>, %b: tensor<1x256xbf16>) {
  // expected-error @+1 {{'ttnn.conv2d' op bias must be [1, 1, 1, 256], got 'tensor<1x256xbf16>'}}
  %0 = ttnn.conv2d %x, %w bias %b {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x3136x64xbf16>, tensor<256x64x1x1xbf16>, tensor<1x256xbf16> -> tensor<1x1x3136x256xbf16>
  return
}

// -----

func.func @activation(%x: tensor<1x1x3136x64xbf16>, %w: tensor<256x64x1x1xbf16>) {
  // expected-error @+1 {{'ttnn.conv2d' op activation must be "relu" (the one fused activation modelled), got "gelu"}}
  %0 = ttnn.conv2d %x, %w {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, activation = "gelu"} : tensor<1x1x3136x64xbf16>, tensor<256x64x1x1xbf16> -> tensor<1x1x3136x256xbf16>
  return
}

// -----

func.func @result_shape(%x: tensor<1x1x3136x64xbf16>, %w: tensor<64x64x3x3xbf16>) {
  // expected-error @+1 {{'ttnn.conv2d' op result must be [1, 1, 784, 64] (1 x 28 x 28 pixels) of the input's element type, got 'tensor<1x1x3136x64xbf16>'}}
  %0 = ttnn.conv2d %x, %w {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16>, tensor<64x64x3x3xbf16> -> tensor<1x1x3136x64xbf16>
  return
}

// -----

func.func @input_pixels(%x: tensor<1x1x3100x64xbf16>, %w: tensor<64x64x1x1xbf16>) {
  // expected-error @+1 {{'ttnn.conv2d' op input must be [1, 1, batch_size * input_height * input_width, channels] = [1, 1, 3136, 64], got 'tensor<1x1x3100x64xbf16>'}}
  %0 = ttnn.conv2d %x, %w {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x3100x64xbf16>, tensor<64x64x1x1xbf16> -> tensor<1x1x3136x64xbf16>
  return
}

// -----

func.func @negative_padding(%x: tensor<1x1x3136x64xbf16>, %w: tensor<64x64x1x1xbf16>) {
  // expected-error @+1 {{'ttnn.conv2d' op padding -1 must not be negative}}
  %0 = ttnn.conv2d %x, %w {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: -1, 0>} : tensor<1x1x3136x64xbf16>, tensor<64x64x1x1xbf16> -> tensor<1x1x3136x64xbf16>
  return
}

// -----

func.func @zero_out_channels(%x: tensor<1x1x3136x64xbf16>, %w: tensor<0x64x1x1xbf16>) {
  // expected-error @+1 {{'ttnn.conv2d' op out_channels must be positive}}
  %0 = ttnn.conv2d %x, %w {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 0 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x3136x64xbf16>, tensor<0x64x1x1xbf16> -> tensor<1x1x3136x0xbf16>
  return
}

// -----

func.func @interleaved_shard_layout(%x: tensor<1x1x3136x64xbf16>, %w: tensor<64x64x1x1xbf16>) {
  // expected-error @+1 {{'ttnn.conv2d' op shard_layout must be a sharding scheme (height_sharded, width_sharded or block_sharded), got interleaved}}
  %0 = ttnn.conv2d %x, %w {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<interleaved>} : tensor<1x1x3136x64xbf16>, tensor<64x64x1x1xbf16> -> tensor<1x1x3136x64xbf16>
  return
}

// -----

func.func @scheme_mismatch(%x: tensor<1x1x3136x64xbf16>, %w: tensor<64x64x1x1xbf16>) {
  // expected-error @+1 {{'ttnn.conv2d' op shard_layout is block_sharded but the result is height_sharded (a sharded result carries the conv config's scheme)}}
  %0 = ttnn.conv2d %x, %w {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x3136x64xbf16>, tensor<64x64x1x1xbf16> -> tensor<1x1x3136x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}
