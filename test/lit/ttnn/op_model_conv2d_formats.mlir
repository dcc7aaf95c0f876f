// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.conv2d's formats: a bfp8_b result (ttnn's dtype: the tilized act block
// and the output in bfp8_b) and f32 weights and bias (the weight block and
// bias row in f32). Figures: the calibration harness's mock-device ones (both
// devices).

// conv2d 1x56x56x64->64 k3s1p1 dram_rm->g:hs:8x8:64x64 height_sharded out bfp8_b
// CHECK-LABEL: op constraints of @conv2d_1x56x56x64_64_k3s1p1_dram_rm_g_hs_8x8_64x64_height_sh_0
// BH-LABEL: op constraints of @conv2d_1x56x56x64_64_k3s1p1_dram_rm_g_hs_8x8_64x64_height_sh_0
func.func @conv2d_1x56x56x64_64_k3s1p1_dram_rm_g_hs_8x8_64x64_height_sh_0(%a0: tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<64x64x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=66368 l1=31872 total=94288 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=47552 l1=23712 total=69200 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<64x64x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x3136x64xbf16, #ttnn.layout<l1, height_sharded, bfp8_b, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x14x14x256->256 k3s1p1 dram_rm->g:bs:8x8:32x32 block_sharded out bfp8_b
// CHECK-LABEL: op constraints of @conv2d_1x14x14x256_256_k3s1p1_dram_rm_g_bs_8x8_32x32_block_s_1
// BH-LABEL: op constraints of @conv2d_1x14x14x256_256_k3s1p1_dram_rm_g_bs_8x8_32x32_block_s_1
func.func @conv2d_1x14x14x256_256_k3s1p1_dram_rm_g_bs_8x8_32x32_block_s_1(%a0: tensor<1x1x196x256xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<256x256x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=20928 l1=6784 total=26656 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=20928 l1=5120 total=25504 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x196x256xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<256x256x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x196x256xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 8x8, shard = 32x32>>
  return
}

// conv2d 1x28x28x128->128 k3s1p1 dram_rm->g:bs:8x8:128x32 block_sharded out bfp8_b
// CHECK-LABEL: op constraints of @conv2d_1x28x28x128_128_k3s1p1_dram_rm_g_bs_8x8_128x32_block__2
// BH-LABEL: op constraints of @conv2d_1x28x28x128_128_k3s1p1_dram_rm_g_bs_8x8_128x32_block__2
func.func @conv2d_1x28x28x128_128_k3s1p1_dram_rm_g_bs_8x8_128x32_block__2(%a0: tensor<1x1x784x128xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<128x128x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x128xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=40000 l1=10800 total=50800 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=31552 l1=8608 total=40160 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 128 : i64, out_channels = 128 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x784x128xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<128x128x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x128xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x784x128xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 8x8, shard = 128x32>>
  return
}

// conv2d 1x14x14x256->256 k3s1p1 dram_rm->g:ws:8x8:224x32 width_sharded out bfp8_b
// CHECK-LABEL: op constraints of @conv2d_1x14x14x256_256_k3s1p1_dram_rm_g_ws_8x8_224x32_width__3
// BH-LABEL: op constraints of @conv2d_1x14x14x256_256_k3s1p1_dram_rm_g_ws_8x8_224x32_width__3
func.func @conv2d_1x14x14x256_256_k3s1p1_dram_rm_g_ws_8x8_224x32_width__3(%a0: tensor<1x1x196x256xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<256x256x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=194496 l1=29136 total=218560 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=194496 l1=29136 total=218560 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x196x256xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<256x256x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x196x256xbf16, #ttnn.layout<l1, width_sharded, bfp8_b, grid = 8x8, shard = 224x32>>
  return
}

// conv2d 1x56x56x64->256 k1s1p0 dram_rm->g:hs:8x8:64x256 height_sharded out bfp8_b
// CHECK-LABEL: op constraints of @conv2d_1x56x56x64_256_k1s1p0_dram_rm_g_hs_8x8_64x256_height__4
// BH-LABEL: op constraints of @conv2d_1x56x56x64_256_k1s1p0_dram_rm_g_hs_8x8_64x256_height__4
func.func @conv2d_1x56x56x64_256_k1s1p0_dram_rm_g_hs_8x8_64x256_height__4(%a0: tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<256x64x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=49152 l1=25600 total=74752 out=17408
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=49152 l1=12800 total=61952 out=8704
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<256x64x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x3136x256xbf16, #ttnn.layout<l1, height_sharded, bfp8_b, grid = 8x8, shard = 64x256>>
  return
}

// conv2d 1x28x28x128->512 k1s1p0 dram_rm->g:bs:8x8:128x64 block_sharded out bfp8_b
// CHECK-LABEL: op constraints of @conv2d_1x28x28x128_512_k1s1p0_dram_rm_g_bs_8x8_128x64_block__5
// BH-LABEL: op constraints of @conv2d_1x28x28x128_512_k1s1p0_dram_rm_g_bs_8x8_128x64_block__5
func.func @conv2d_1x28x28x128_512_k1s1p0_dram_rm_g_bs_8x8_128x64_block__5(%a0: tensor<1x1x784x128xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<512x128x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x512xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=40960 l1=25600 total=66560 out=17408
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=36864 l1=19200 total=56064 out=13056
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 128 : i64, out_channels = 512 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x784x128xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<512x128x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x512xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x784x512xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 8x8, shard = 128x64>>
  return
}

// conv2d 1x56x56x64->64 k3s1p1 dram_rm->conv_hs f32
// CHECK-LABEL: op constraints of @conv2d_1x56x56x64_64_k3s1p1_dram_rm_conv_hs_f32_6
// BH-LABEL: op constraints of @conv2d_1x56x56x64_64_k3s1p1_dram_rm_conv_hs_f32_6
func.func @conv2d_1x56x56x64_64_k3s1p1_dram_rm_conv_hs_f32_6(%a0: tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<64x64x3x3xf32, #ttnn.layout<dram, interleaved, f32>>, %a2: tensor<1x1x1x64xf32, #ttnn.layout<dram, interleaved, f32>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=106560 l1=31872 total=138320 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=81984 l1=23712 total=105552 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<64x64x3x3xf32, #ttnn.layout<dram, interleaved, f32>>, tensor<1x1x1x64xf32, #ttnn.layout<dram, interleaved, f32>> -> tensor<1x1x3136x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x56x56x64->256 k1s1p0 dram_rm->conv_hs f32
// CHECK-LABEL: op constraints of @conv2d_1x56x56x64_256_k1s1p0_dram_rm_conv_hs_f32_7
// BH-LABEL: op constraints of @conv2d_1x56x56x64_256_k1s1p0_dram_rm_conv_hs_f32_7
func.func @conv2d_1x56x56x64_256_k1s1p0_dram_rm_conv_hs_f32_7(%a0: tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<256x64x1x1xf32, #ttnn.layout<dram, interleaved, f32>>, %a2: tensor<1x1x1x256xf32, #ttnn.layout<dram, interleaved, f32>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=98304 l1=40960 total=139264 out=32768
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=98304 l1=20480 total=118784 out=16384
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<256x64x1x1xf32, #ttnn.layout<dram, interleaved, f32>>, tensor<1x1x1x256xf32, #ttnn.layout<dram, interleaved, f32>> -> tensor<1x1x3136x256xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x14x14x256->256 k3s1p1 dram_rm->conv_bs f32
// CHECK-LABEL: op constraints of @conv2d_1x14x14x256_256_k3s1p1_dram_rm_conv_bs_f32_8
// BH-LABEL: op constraints of @conv2d_1x14x14x256_256_k3s1p1_dram_rm_conv_bs_f32_8
func.func @conv2d_1x14x14x256_256_k3s1p1_dram_rm_conv_bs_f32_8(%a0: tensor<1x1x196x256xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<256x256x3x3xf32, #ttnn.layout<dram, interleaved, f32>>, %a2: tensor<1x1x1x256xf32, #ttnn.layout<dram, interleaved, f32>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=28736 l1=6784 total=35424 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=28736 l1=5536 total=34272 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x196x256xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<256x256x3x3xf32, #ttnn.layout<dram, interleaved, f32>>, tensor<1x1x1x256xf32, #ttnn.layout<dram, interleaved, f32>> -> tensor<1x1x196x256xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}
