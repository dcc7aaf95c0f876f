// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.conv2d of a height-sharded row-major L1 input whose shard width meets
// ttnn's channel alignment: no reshard, the halo and conv program on the
// input's grid. Figures: the calibration harness's mock-device ones (both
// devices).

// conv2d 1x56x56x64->64 k3s1p1 g:hs:7x7:64x64:rm->conv_hs
// CHECK-LABEL: op constraints of @conv2d_1x56x56x64_64_k3s1p1_g_hs_7x7_64x64_rm_conv_hs_0
// BH-LABEL: op constraints of @conv2d_1x56x56x64_64_k3s1p1_g_hs_7x7_64x64_rm_conv_hs_0
func.func @conv2d_1x56x56x64_64_k3s1p1_g_hs_7x7_64x64_rm_conv_hs_0(%a0: tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x7, shard = 64x64>>, %a1: tensor<64x64x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=77888 l1=31760 total=109648 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=77888 l1=31776 total=109664 out=8192
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x7, shard = 64x64>>, tensor<64x64x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x3136x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x56x56x64->64 k3s1p1 g:hs:8x8:49x64:rm->conv_hs
// CHECK-LABEL: op constraints of @conv2d_1x56x56x64_64_k3s1p1_g_hs_8x8_49x64_rm_conv_hs_1
// BH-LABEL: op constraints of @conv2d_1x56x56x64_64_k3s1p1_g_hs_8x8_49x64_rm_conv_hs_1
func.func @conv2d_1x56x56x64_64_k3s1p1_g_hs_8x8_49x64_rm_conv_hs_1(%a0: tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 49x64>>, %a1: tensor<64x64x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=77888 l1=31760 total=109648 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=77888 l1=31776 total=109664 out=8192
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 49x64>>, tensor<64x64x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x3136x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// conv2d 1x28x28x112->64 k3s2p1 g:hs:7x7:16x112:rm->conv_hs
// CHECK-LABEL: op constraints of @conv2d_1x28x28x112_64_k3s2p1_g_hs_7x7_16x112_rm_conv_hs_2
// BH-LABEL: op constraints of @conv2d_1x28x28x112_64_k3s2p1_g_hs_7x7_16x112_rm_conv_hs_2
func.func @conv2d_1x28x28x112_64_k3s2p1_g_hs_7x7_16x112_rm_conv_hs_2(%a0: tensor<1x1x784x112xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x7, shard = 16x112>>, %a1: tensor<64x112x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=94272 l1=53632 total=147904 out=4096
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=94272 l1=53632 total=147904 out=4096
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 112 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x784x112xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x7, shard = 16x112>>, tensor<64x112x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x196x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}
