// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// Shard grids with idle cores (ttnn's fit rule, checkLayout's idleCoresAllowed): a's 3 shards on
// 5 cores, and outputs placed on the cores with blocks (a width-sharded output's spec replaced).
// Figures measured on the mock devices.

// CHECK-LABEL: op constraints of @idle_cores
// BH-LABEL: op constraints of @idle_cores
func.func @idle_cores(%x0_0: tensor<96x256xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x5, shard = 32x256>>, %x0_1: tensor<256x256xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x1_0: tensor<128x2048xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x1_1: tensor<2048x1024xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x2_0: tensor<32x672xf32, #ttnn.layout<dram, interleaved, f32>>, %x2_1: tensor<672x3168xf32, #ttnn.layout<l1, interleaved, f32>>, %x2_2: tensor<3168xf32, #ttnn.layout<dram, interleaved, f32>>, %x3_0: tensor<96x1138xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x3_1: tensor<1138x1920xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // matmul 96x256 hs:1x5:32x256 bf16 . 256x256 dram bf16 -> dram bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=147456 l1=0 total=147456 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=147456 l1=0 total=147456 out=0
  %0 = ttnn.matmul %x0_0, %x0_1 : tensor<96x256xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x5, shard = 32x256>>, tensor<256x256xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<96x256xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // matmul 128x2048 dram bf16 . 2048x1024 dram bf16 -> ws:8x8:128x32 bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=40960 l1=8192 total=49152 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=40960 l1=8192 total=49152 out=8192
  %1 = ttnn.matmul %x1_0, %x1_1 : tensor<128x2048xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<2048x1024xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<128x1024xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 128x32>>
  // linear 32x672 dram f32 . 672x3168 l1 f32 -> ws:3x1:32x1056 f32 bias 3168 dram f32
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: success cb=57344 l1=16384 total=49152 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=49152 l1=8192 total=40960 out=4096
  %2 = ttnn.linear %x2_0, %x2_1 bias %x2_2 : tensor<32x672xf32, #ttnn.layout<dram, interleaved, f32>>, tensor<672x3168xf32, #ttnn.layout<l1, interleaved, f32>>, tensor<3168xf32, #ttnn.layout<dram, interleaved, f32>> -> tensor<32x3168xf32, #ttnn.layout<l1, width_sharded, f32, grid = 3x1, shard = 32x1056>>
  // matmul 96x1138 dram bf16 . 1138x1920 dram bf16 -> hs:1x2:64x1920 bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: backend_error
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: backend_error
  %3 = ttnn.matmul %x3_0, %x3_1 : tensor<96x1138xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1138x1920xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<96x1920xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 64x1920>>
  return
}

// CHECK-LABEL: op constraints of @after_the_product
// BH-LABEL: op constraints of @after_the_product
// The add after a product on cores forming no rectangle streams as on interleaved tensors;
// the activation reads full shards in place and streams partial ones (Wormhole: 69 tiles in 2-tile shards).
func.func @after_the_product(%x0_0: tensor<32x32xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x0_1: tensor<32x2208xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x0_2: tensor<1x2208xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x1_0: tensor<32x32xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x1_1: tensor<32x2208xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // linear 32x32 l1 bf16 . 32x2208 dram bf16 -> ws:1x2:32x1120 bf16 bias 1x2208 dram bf16 relu
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: success cb=24576 l1=8192 total=24576 out=4096
  // BH: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=20480 l1=4096 total=20480 out=2048
  %0 = ttnn.linear %x0_0, %x0_1 bias %x0_2 activation relu : tensor<32x32xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<32x2208xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x2208xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<32x2208xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 32x1120>>
  // linear 32x32 l1 bf16 . 32x2208 dram bf16 -> ws:1x2:32x1120 bf16 relu (Wormhole: partial last shards stream)
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: success cb=8192 l1=8192 total=16384 out=4096
  // BH: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=4096 l1=4096 total=8192 out=2048
  %1 = ttnn.linear %x1_0, %x1_1 activation relu : tensor<32x32xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<32x2208xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<32x2208xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 32x1120>>
  return
}
