// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.max_pool2d's window CBs (calculate_pool_cb_sizes: 2 pages of the
// window's rows by the core's channel tiles, at most 8), channels that are not
// a multiple of 16 (the output and CBs padded to tiles, the reshard and halo
// in the input's own sticks; width sharding in 16-channel units) and a tiled
// input (untilized by the halo). Figures: the calibration harness's mock-
// device ones (both devices).

// max_pool2d 2x32x32x512 k2s1p0 dram_rm->pool_hs
// CHECK-LABEL: op constraints of @max_pool2d_2x32x32x512_k2s1p0_dram_rm_pool_hs_0
// BH-LABEL: op constraints of @max_pool2d_2x32x32x512_k2s1p0_dram_rm_pool_hs_0
func.func @max_pool2d_2x32x32x512_k2s1p0_dram_rm_pool_hs_0(%a0: tensor<1x1x2048x512xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=100432 total=111632 out=31744
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=99440 total=112656 out=15360
  %r = ttnn.max_pool2d %a0 {batch_size = 2 : i64, input_height = 32 : i64, input_width = 32 : i64, channels = 512 : i64, kernel_size = array<i64: 2, 2>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x2048x512xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<1x1x1922x512xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// max_pool2d 1x28x28x64 k5s1p2 dram_rm->pool_hs
// CHECK-LABEL: op constraints of @max_pool2d_1x28x28x64_k5s1p2_dram_rm_pool_hs_1
// BH-LABEL: op constraints of @max_pool2d_1x28x28x64_k5s1p2_dram_rm_pool_hs_1
func.func @max_pool2d_1x28x28x64_k5s1p2_dram_rm_pool_hs_1(%a0: tensor<1x1x784x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=22528 l1=21040 total=43280 out=1664
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=22528 l1=18960 total=41232 out=896
  %r = ttnn.max_pool2d %a0 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, channels = 64 : i64, kernel_size = array<i64: 5, 5>, stride = array<i64: 1, 1>, padding = array<i64: 2, 2>} : tensor<1x1x784x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<1x1x784x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// max_pool2d 1x28x28x96 k3s2p1 dram_rm->pool_hs
// CHECK-LABEL: op constraints of @max_pool2d_1x28x28x96_k3s2p1_dram_rm_pool_hs_2
// BH-LABEL: op constraints of @max_pool2d_1x28x28x96_k3s2p1_dram_rm_pool_hs_2
func.func @max_pool2d_1x28x28x96_k3s2p1_dram_rm_pool_hs_2(%a0: tensor<1x1x784x96xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=22624 total=34512 out=768
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=14272 total=27216 out=384
  %r = ttnn.max_pool2d %a0 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, channels = 96 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x784x96xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<1x1x196x96xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// max_pool2d 1x64x64x384 k3s2p1 dram_rm->pool_hs
// CHECK-LABEL: op constraints of @max_pool2d_1x64x64x384_k3s2p1_dram_rm_pool_hs_3
// BH-LABEL: op constraints of @max_pool2d_1x64x64x384_k3s2p1_dram_rm_pool_hs_3
func.func @max_pool2d_1x64x64x384_k3s2p1_dram_rm_pool_hs_3(%a0: tensor<1x1x4096x384xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=30720 l1=175968 total=179168 out=12288
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=30720 l1=139152 total=151312 out=6144
  %r = ttnn.max_pool2d %a0 {batch_size = 1 : i64, input_height = 64 : i64, input_width = 64 : i64, channels = 384 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x4096x384xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<1x1x1024x384xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// max_pool2d 1x7x7x24 k2s2p0 dram_rm->pool_bs
// CHECK-LABEL: op constraints of @max_pool2d_1x7x7x24_k2s2p0_dram_rm_pool_bs_4
// BH-LABEL: op constraints of @max_pool2d_1x7x7x24_k2s2p0_dram_rm_pool_bs_4
func.func @max_pool2d_1x7x7x24_k2s2p0_dram_rm_pool_bs_4(%a0: tensor<1x1x49x24xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=1472 total=15392 out=128
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=800 total=14848 out=64
  %r = ttnn.max_pool2d %a0 {batch_size = 1 : i64, input_height = 7 : i64, input_width = 7 : i64, channels = 24 : i64, kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>} : tensor<1x1x49x24xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<1x1x9x24xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// max_pool2d 1x28x28x24 k3s2p1 dram_rm->pool_hs
// CHECK-LABEL: op constraints of @max_pool2d_1x28x28x24_k3s2p1_dram_rm_pool_hs_5
// BH-LABEL: op constraints of @max_pool2d_1x28x28x24_k3s2p1_dram_rm_pool_hs_5
func.func @max_pool2d_1x28x28x24_k3s2p1_dram_rm_pool_hs_5(%a0: tensor<1x1x784x24xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=5776 total=19456 out=256
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=3760 total=17600 out=128
  %r = ttnn.max_pool2d %a0 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, channels = 24 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x784x24xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<1x1x196x24xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// max_pool2d 1x28x28x40 k3s2p1 dram_rm->pool_ws
// CHECK-LABEL: op constraints of @max_pool2d_1x28x28x40_k3s2p1_dram_rm_pool_ws_6
// BH-LABEL: op constraints of @max_pool2d_1x28x28x40_k3s2p1_dram_rm_pool_ws_6
func.func @max_pool2d_1x28x28x40_k3s2p1_dram_rm_pool_ws_6(%a0: tensor<1x1x784x40xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=53216 total=53472 out=6272
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=53216 total=53728 out=6272
  %r = ttnn.max_pool2d %a0 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, channels = 40 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x784x40xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<1x1x196x40xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// max_pool2d 1x28x28x40 k3s2p1 dram_rm->pool_hs
// CHECK-LABEL: op constraints of @max_pool2d_1x28x28x40_k3s2p1_dram_rm_pool_hs_7
// BH-LABEL: op constraints of @max_pool2d_1x28x28x40_k3s2p1_dram_rm_pool_hs_7
func.func @max_pool2d_1x28x28x40_k3s2p1_dram_rm_pool_hs_7(%a0: tensor<1x1x784x40xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=9520 total=22944 out=512
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=6096 total=19808 out=256
  %r = ttnn.max_pool2d %a0 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, channels = 40 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x784x40xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<1x1x196x40xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// max_pool2d 1x28x28x200 k3s2p1 dram_rm->pool_bs
// CHECK-LABEL: op constraints of @max_pool2d_1x28x28x200_k3s2p1_dram_rm_pool_bs_8
// BH-LABEL: op constraints of @max_pool2d_1x28x28x200_k3s2p1_dram_rm_pool_bs_8
func.func @max_pool2d_1x28x28x200_k3s2p1_dram_rm_pool_bs_8(%a0: tensor<1x1x784x200xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=22528 l1=109344 total=111136 out=11200
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=22528 l1=97744 total=99792 out=8960
  %r = ttnn.max_pool2d %a0 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, channels = 200 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x784x200xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<1x1x196x200xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// max_pool2d 1x28x28x200 k3s2p1 dram_rm->pool_ws
// CHECK-LABEL: op constraints of @max_pool2d_1x28x28x200_k3s2p1_dram_rm_pool_ws_9
// BH-LABEL: op constraints of @max_pool2d_1x28x28x200_k3s2p1_dram_rm_pool_ws_9
func.func @max_pool2d_1x28x28x200_k3s2p1_dram_rm_pool_ws_9(%a0: tensor<1x1x784x200xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=53216 total=53472 out=6272
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=53216 total=53728 out=6272
  %r = ttnn.max_pool2d %a0 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, channels = 200 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x784x200xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<1x1x196x200xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// max_pool2d 1x14x14x1200 k3s2p1 dram_rm->pool_ws
// CHECK-LABEL: op constraints of @max_pool2d_1x14x14x1200_k3s2p1_dram_rm_pool_ws_10
// BH-LABEL: op constraints of @max_pool2d_1x14x14x1200_k3s2p1_dram_rm_pool_ws_10
func.func @max_pool2d_1x14x14x1200_k3s2p1_dram_rm_pool_ws_10(%a0: tensor<1x1x196x1200xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=41952 total=42464 out=4704
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=14112 total=23584 out=1568
  %r = ttnn.max_pool2d %a0 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, channels = 1200 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x196x1200xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<1x1x49x1200xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// max_pool2d 1x28x28x128 k3s2p1 dram->pool_hs (tiled input, 128 channels)
// CHECK-LABEL: op constraints of @max_pool2d_1x28x28x128_k3s2p1_dram_pool_hs_tiled_input_128_c_11
// BH-LABEL: op constraints of @max_pool2d_1x28x28x128_k3s2p1_dram_pool_hs_tiled_input_128_c_11
func.func @max_pool2d_1x28x28x128_k3s2p1_dram_pool_hs_tiled_input_128_c_11(%a0: tensor<1x1x784x128xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=33280 l1=34256 total=67536 out=1024
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=33280 l1=25136 total=58416 out=512
  %r = ttnn.max_pool2d %a0 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, channels = 128 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x784x128xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x196x128xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}

// max_pool2d 1x56x56x64 k3s2p1 l1_rm->pool_bs (L1 input: ttnn fails its CB size check under capture)
// CHECK-LABEL: op constraints of @max_pool2d_1x56x56x64_k3s2p1_l1_rm_pool_bs_l1_input_ttnn_fai_12
// BH-LABEL: op constraints of @max_pool2d_1x56x56x64_k3s2p1_l1_rm_pool_bs_l1_input_ttnn_fai_12
func.func @max_pool2d_1x56x56x64_k3s2p1_l1_rm_pool_bs_l1_input_ttnn_fai_12(%a0: tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: backend_error
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: backend_error
  %r = ttnn.max_pool2d %a0 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<1x1x784x64xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 8x8, shard = 64x64>>
  return
}
