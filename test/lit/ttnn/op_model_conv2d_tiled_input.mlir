// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.conv2d of a tiled DRAM input: reshaped to NHWC and back in DRAM,
// resharded in tiles, untilized by the halo; the matmul paths read the tiled
// reshard directly. Figures: the calibration harness's mock-device ones (both
// devices).

// conv2d 1x56x56x64->64 k3s1p1 dram->conv_hs
// CHECK-LABEL: op constraints of @conv2d_1x56x56x64_64_k3s1p1_dram_conv_hs_0
// BH-LABEL: op constraints of @conv2d_1x56x56x64_64_k3s1p1_dram_conv_hs_0
func.func @conv2d_1x56x56x64_64_k3s1p1_dram_conv_hs_0(%a0: tensor<1x1x3136x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a1: tensor<64x64x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=81472 l1=31936 total=109648 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=56896 l1=23728 total=76880 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<64x64x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x3136x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x28x28x40->40 k3s2p1 dram->conv_hs
// CHECK-LABEL: op constraints of @conv2d_1x28x28x40_40_k3s2p1_dram_conv_hs_1
// BH-LABEL: op constraints of @conv2d_1x28x28x40_40_k3s2p1_dram_conv_hs_1
func.func @conv2d_1x28x28x40_40_k3s2p1_dram_conv_hs_1(%a0: tensor<1x1x784x40xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a1: tensor<40x40x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x40xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=57152 l1=44896 total=85728 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=57152 l1=44896 total=85728 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 40 : i64, out_channels = 40 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x784x40xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<40x40x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x40xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x196x40xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x14x14x256->256 k3s1p1 dram->conv_bs
// CHECK-LABEL: op constraints of @conv2d_1x14x14x256_256_k3s1p1_dram_conv_bs_2
// BH-LABEL: op constraints of @conv2d_1x14x14x256_256_k3s1p1_dram_conv_bs_2
func.func @conv2d_1x14x14x256_256_k3s1p1_dram_conv_bs_2(%a0: tensor<1x1x196x256xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a1: tensor<256x256x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=24384 l1=6800 total=27232 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=24384 l1=6800 total=27232 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x196x256xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<256x256x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x196x256xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x56x56x64->256 k1s1p0 dram->conv_hs
// CHECK-LABEL: op constraints of @conv2d_1x56x56x64_256_k1s1p0_dram_conv_hs_3
// BH-LABEL: op constraints of @conv2d_1x56x56x64_256_k1s1p0_dram_conv_hs_3
func.func @conv2d_1x56x56x64_256_k1s1p0_dram_conv_hs_3(%a0: tensor<1x1x3136x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a1: tensor<256x64x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=49152 l1=40960 total=90112 out=32768
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=49152 l1=20480 total=69632 out=16384
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x3136x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<256x64x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x3136x256xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x28x28x128->512 k1s1p0 dram->conv_bs
// CHECK-LABEL: op constraints of @conv2d_1x28x28x128_512_k1s1p0_dram_conv_bs_4
// BH-LABEL: op constraints of @conv2d_1x28x28x128_512_k1s1p0_dram_conv_bs_4
func.func @conv2d_1x28x28x128_512_k1s1p0_dram_conv_bs_4(%a0: tensor<1x1x784x128xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a1: tensor<512x128x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x512xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=40960 l1=40960 total=81920 out=32768
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=36864 l1=30720 total=67584 out=24576
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 128 : i64, out_channels = 512 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x784x128xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<512x128x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x512xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x784x512xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}
