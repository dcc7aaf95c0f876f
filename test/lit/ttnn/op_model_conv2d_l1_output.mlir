// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.conv2d into an L1 interleaved result (shard_layout names the scheme):
// ttnn copies the shards out (sharded_to_interleaved) while they and the
// conv's input are live; from a DRAM input through the halo the result is DRAM
// whatever was asked. Figures: the calibration harness's mock-device ones
// (both devices).

// conv2d 1x56x56x64->256 k1s1p0 dram_rm->g:l1 height_sharded
// CHECK-LABEL: op constraints of @conv2d_1x56x56x64_256_k1s1p0_dram_rm_g_l1_height_sharded_0
// BH-LABEL: op constraints of @conv2d_1x56x56x64_256_k1s1p0_dram_rm_g_l1_height_sharded_0
func.func @conv2d_1x56x56x64_256_k1s1p0_dram_rm_g_l1_height_sharded_0(%a0: tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<256x64x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=49152 l1=67584 total=116736 out=26624
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=49152 l1=34816 total=83968 out=14336
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<256x64x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x3136x256xbf16, #ttnn.layout<l1, interleaved, bf16>>
  return
}

// conv2d 1x56x56x64->256 k1s1p0 l1_rm->g:l1 height_sharded
// CHECK-LABEL: op constraints of @conv2d_1x56x56x64_256_k1s1p0_l1_rm_g_l1_height_sharded_1
// BH-LABEL: op constraints of @conv2d_1x56x56x64_256_k1s1p0_l1_rm_g_l1_height_sharded_1
func.func @conv2d_1x56x56x64_256_k1s1p0_l1_rm_g_l1_height_sharded_1(%a0: tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %a1: tensor<256x64x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=49152 l1=67584 total=116736 out=26624
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=49152 l1=34816 total=83968 out=14336
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, tensor<256x64x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x3136x256xbf16, #ttnn.layout<l1, interleaved, bf16>>
  return
}

// conv2d 1x28x28x128->512 k1s1p0 dram_rm->g:l1 block_sharded
// CHECK-LABEL: op constraints of @conv2d_1x28x28x128_512_k1s1p0_dram_rm_g_l1_block_sharded_2
// BH-LABEL: op constraints of @conv2d_1x28x28x128_512_k1s1p0_dram_rm_g_l1_block_sharded_2
func.func @conv2d_1x28x28x128_512_k1s1p0_dram_rm_g_l1_block_sharded_2(%a0: tensor<1x1x784x128xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<512x128x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x512xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=40960 l1=55296 total=96256 out=14336
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=36864 l1=38912 total=75776 out=8192
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 128 : i64, out_channels = 512 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x784x128xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<512x128x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x512xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x784x512xbf16, #ttnn.layout<l1, interleaved, bf16>>
  return
}

// conv2d 1x56x56x64->64 k3s1p1 l1_rm->g:l1 height_sharded
// CHECK-LABEL: op constraints of @conv2d_1x56x56x64_64_k3s1p1_l1_rm_g_l1_height_sharded_3
// BH-LABEL: op constraints of @conv2d_1x56x56x64_64_k3s1p1_l1_rm_g_l1_height_sharded_3
func.func @conv2d_1x56x56x64_64_k3s1p1_l1_rm_g_l1_height_sharded_3(%a0: tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %a1: tensor<64x64x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=77888 l1=39936 total=117824 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=53312 l1=27648 total=80960 out=4096
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, tensor<64x64x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x3136x64xbf16, #ttnn.layout<l1, interleaved, bf16>>
  return
}

// conv2d 1x14x14x256->256 k3s1p1 l1_rm->g:l1 block_sharded
// CHECK-LABEL: op constraints of @conv2d_1x14x14x256_256_k3s1p1_l1_rm_g_l1_block_sharded_4
// BH-LABEL: op constraints of @conv2d_1x14x14x256_256_k3s1p1_l1_rm_g_l1_block_sharded_4
func.func @conv2d_1x14x14x256_256_k3s1p1_l1_rm_g_l1_block_sharded_4(%a0: tensor<1x1x196x256xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %a1: tensor<256x256x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=20544 l1=8704 total=29248 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=20544 l1=7552 total=28096 out=2048
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x196x256xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, tensor<256x256x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x196x256xbf16, #ttnn.layout<l1, interleaved, bf16>>
  return
}

// conv2d 1x14x14x256->256 k3s1p1 l1_rm->g:l1 width_sharded
// CHECK-LABEL: op constraints of @conv2d_1x14x14x256_256_k3s1p1_l1_rm_g_l1_width_sharded_5
// BH-LABEL: op constraints of @conv2d_1x14x14x256_256_k3s1p1_l1_rm_g_l1_width_sharded_5
func.func @conv2d_1x14x14x256_256_k3s1p1_l1_rm_g_l1_width_sharded_5(%a0: tensor<1x1x196x256xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %a1: tensor<256x256x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=315456 l1=32768 total=348224 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=315456 l1=32768 total=348224 out=2048
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<width_sharded>} : tensor<1x1x196x256xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, tensor<256x256x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x256xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x196x256xbf16, #ttnn.layout<l1, interleaved, bf16>>
  return
}

// conv2d 1x56x56x64->64 k3s1p1 dram_rm->g:l1 height_sharded
// CHECK-LABEL: op constraints of @conv2d_1x56x56x64_64_k3s1p1_dram_rm_g_l1_height_sharded_6
// BH-LABEL: op constraints of @conv2d_1x56x56x64_64_k3s1p1_dram_rm_g_l1_height_sharded_6
func.func @conv2d_1x56x56x64_64_k3s1p1_dram_rm_g_l1_height_sharded_6(%a0: tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<64x64x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=77888 l1=31872 total=109648 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=53312 l1=23712 total=76880 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x3136x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<64x64x3x3xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x3136x64xbf16, #ttnn.layout<l1, interleaved, bf16>>
  return
}
