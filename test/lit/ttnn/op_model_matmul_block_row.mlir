// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// A block-sharded a on one row of cores: create_matmul_program_config's 2-D program on the
// device's grid; its output blocks on their own grid (beyond Wormhole's 8 columns: rejected).
// Figures measured on the mock devices.

// CHECK-LABEL: op constraints of @block_row
// BH-LABEL: op constraints of @block_row
func.func @block_row(%x0_0: tensor<1x352x1472xf32, #ttnn.layout<l1, block_sharded, f32, grid = 1x8, shard = 352x192>>, %x0_1: tensor<1x1472x502xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, %x1_0: tensor<7x320xf32, #ttnn.layout<l1, block_sharded, f32, grid = 1x4, shard = 32x96>>, %x1_1: tensor<320x3264xf32, #ttnn.layout<dram, interleaved, f32>>, %x2_0: tensor<31x1280xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x8, shard = 32x160>>, %x2_1: tensor<1280x1920xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // matmul 1x352x1472 bs:1x8:352x192 f32 . 1x1472x502 l1 bfp8_b -> dram f32
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=279040 l1=0 total=279040 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=279040 l1=0 total=279040 out=0
  %0 = ttnn.matmul %x0_0, %x0_1 : tensor<1x352x1472xf32, #ttnn.layout<l1, block_sharded, f32, grid = 1x8, shard = 352x192>>, tensor<1x1472x502xbf16, #ttnn.layout<l1, interleaved, bfp8_b>> -> tensor<1x352x502xf32, #ttnn.layout<dram, interleaved, f32>>
  // matmul 7x320 bs:1x4:32x96 f32 . 320x3264 dram f32 -> bs:1x4:32x832 f32
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=253952 l1=122880 total=376832 out=122880
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=253952 l1=122880 total=376832 out=122880
  %1 = ttnn.matmul %x1_0, %x1_1 : tensor<7x320xf32, #ttnn.layout<l1, block_sharded, f32, grid = 1x4, shard = 32x96>>, tensor<320x3264xf32, #ttnn.layout<dram, interleaved, f32>> -> tensor<7x3264xf32, #ttnn.layout<l1, block_sharded, f32, grid = 1x4, shard = 32x832>>
  // matmul 31x1280 bs:1x8:32x160 bf16 . 1280x1920 dram bf16 -> bs:1x8:32x256 bf16 (Wormhole: the output's grid exceeds the device)
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: backend_error
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=163840 l1=14336 total=178176 out=14336
  %2 = ttnn.matmul %x2_0, %x2_1 : tensor<31x1280xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x8, shard = 32x160>>, tensor<1280x1920xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<31x1920xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x8, shard = 32x256>>
  return
}
