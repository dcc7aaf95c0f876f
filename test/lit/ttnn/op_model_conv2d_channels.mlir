// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.conv2d with input channels that are not a multiple of 32: padded to
// ttnn's alignment (get_input_channels_alignment): 8 on a row-major input's
// height and block halo paths, 32 under width sharding and on the matmul
// paths. Figures: the calibration harness's mock-device ones (both devices).

// conv2d 2x56x56x112->80 k5s1p2 dram_rm->conv_hs
// CHECK-LABEL: op constraints of @conv2d_2x56x56x112_80_k5s1p2_dram_rm_conv_hs_0
// BH-LABEL: op constraints of @conv2d_2x56x56x112_80_k5s1p2_dram_rm_conv_hs_0
func.func @conv2d_2x56x56x112_80_k5s1p2_dram_rm_conv_hs_0(%a0: tensor<1x1x6272x112xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<80x112x5x5xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x80xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=411712 l1=168624 total=576096 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=264256 l1=84384 total=346464 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 2 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 112 : i64, out_channels = 80 : i64, kernel_size = array<i64: 5, 5>, stride = array<i64: 1, 1>, padding = array<i64: 2, 2>} : tensor<1x1x6272x112xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<80x112x5x5xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x80xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x6272x80xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x30x30x40->40 k5s2p2 dram_rm->conv_hs
// CHECK-LABEL: op constraints of @conv2d_1x30x30x40_40_k5s2p2_dram_rm_conv_hs_1
// BH-LABEL: op constraints of @conv2d_1x30x30x40_40_k5s2p2_dram_rm_conv_hs_1
func.func @conv2d_1x30x30x40_40_k5s2p2_dram_rm_conv_hs_1(%a0: tensor<1x1x900x40xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<40x40x5x5xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x40xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=61504 l1=32752 total=87936 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=61504 l1=32752 total=87936 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 30 : i64, input_width = 30 : i64, in_channels = 40 : i64, out_channels = 40 : i64, kernel_size = array<i64: 5, 5>, stride = array<i64: 2, 2>, padding = array<i64: 2, 2>} : tensor<1x1x900x40xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<40x40x5x5xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x40xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x225x40xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x224x224x3->64 k7s2p3 dram_rm->conv_hs
// CHECK-LABEL: op constraints of @conv2d_1x224x224x3_64_k7s2p3_dram_rm_conv_hs_2
// BH-LABEL: op constraints of @conv2d_1x224x224x3_64_k7s2p3_dram_rm_conv_hs_2
func.func @conv2d_1x224x224x3_64_k7s2p3_dram_rm_conv_hs_2(%a0: tensor<1x1x50176x3xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<64x3x7x7xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=69696 l1=61808 total=131504 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=45120 l1=46448 total=91568 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 224 : i64, input_width = 224 : i64, in_channels = 3 : i64, out_channels = 64 : i64, kernel_size = array<i64: 7, 7>, stride = array<i64: 2, 2>, padding = array<i64: 3, 3>} : tensor<1x1x50176x3xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<64x3x7x7xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x12544x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x20x19x120->152 k3s1p3 dram_rm->conv_bs
// CHECK-LABEL: op constraints of @conv2d_1x20x19x120_152_k3s1p3_dram_rm_conv_bs_3
// BH-LABEL: op constraints of @conv2d_1x20x19x120_152_k3s1p3_dram_rm_conv_bs_3
func.func @conv2d_1x20x19x120_152_k3s1p3_dram_rm_conv_bs_3(%a0: tensor<1x1x380x120xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<152x120x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x152xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=30784 l1=11168 total=41952 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=22592 l1=8032 total=30624 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 20 : i64, input_width = 19 : i64, in_channels = 120 : i64, out_channels = 152 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 3, 3>} : tensor<1x1x380x120xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<152x120x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x152xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x552x152xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x56x56x80->80 k5s2p2 dram_rm->conv_bs
// CHECK-LABEL: op constraints of @conv2d_1x56x56x80_80_k5s2p2_dram_rm_conv_bs_4
// BH-LABEL: op constraints of @conv2d_1x56x56x80_80_k5s2p2_dram_rm_conv_bs_4
func.func @conv2d_1x56x56x80_80_k5s2p2_dram_rm_conv_bs_4(%a0: tensor<1x1x3136x80xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<80x80x5x5xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x80xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=57408 l1=40736 total=91856 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=30784 l1=17232 total=48016 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 80 : i64, out_channels = 80 : i64, kernel_size = array<i64: 5, 5>, stride = array<i64: 2, 2>, padding = array<i64: 2, 2>} : tensor<1x1x3136x80xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<80x80x5x5xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x80xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x784x80xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x28x28x96->96 k3s1p1 dram_rm->conv_ws
// CHECK-LABEL: op constraints of @conv2d_1x28x28x96_96_k3s1p1_dram_rm_conv_ws_5
// BH-LABEL: op constraints of @conv2d_1x28x28x96_96_k3s1p1_dram_rm_conv_ws_5
func.func @conv2d_1x28x28x96_96_k3s1p1_dram_rm_conv_ws_5(%a0: tensor<1x1x784x96xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<96x96x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x96xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=979008 l1=108928 total=1087936 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=979008 l1=108928 total=1087936 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 96 : i64, out_channels = 96 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x784x96xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<96x96x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x96xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x784x96xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x28x28x40->24 k1s1p0 dram_rm->conv_ws
// CHECK-LABEL: op constraints of @conv2d_1x28x28x40_24_k1s1p0_dram_rm_conv_ws_6
// BH-LABEL: op constraints of @conv2d_1x28x28x40_24_k1s1p0_dram_rm_conv_ws_6
func.func @conv2d_1x28x28x40_24_k1s1p0_dram_rm_conv_ws_6(%a0: tensor<1x1x784x40xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<24x40x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x24xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=110656 l1=101392 total=212048 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=110656 l1=101392 total=212048 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 40 : i64, out_channels = 24 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x784x40xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<24x40x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x24xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x784x24xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x56x56x48->64 k1s1p0 l1_rm->conv_hs
// CHECK-LABEL: op constraints of @conv2d_1x56x56x48_64_k1s1p0_l1_rm_conv_hs_7
// BH-LABEL: op constraints of @conv2d_1x56x56x48_64_k1s1p0_l1_rm_conv_hs_7
func.func @conv2d_1x56x56x48_64_k1s1p0_l1_rm_conv_hs_7(%a0: tensor<1x1x3136x48xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %a1: tensor<64x48x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=12288 l1=16384 total=28672 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=12288 l1=8192 total=20480 out=4096
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 48 : i64, out_channels = 64 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x3136x48xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, tensor<64x48x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x3136x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}
