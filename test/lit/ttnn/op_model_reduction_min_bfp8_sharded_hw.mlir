// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A bfp8_b min over H and W into shards (was not_implemented): after the
// negating W program, into width shards or one core's height shard ttnn
// 0.81.1 runs its sharded negating H program on the W result's column (2
// input pages, the bf16 scaler and two CBs of a batch's Ht tiles); into
// height shards on several cores and block shards the interleaved negating
// program (4 + 4 pages, 2 Ht tiles). Figures: mock-device measurements, the
// same on both devices.

#dram = #ttnn.layout<dram, interleaved, bfp8_b>
#hs1 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x1, shard = 32x32>
#ws2 = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 1x2, shard = 32x32>
#bs1 = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x1, shard = 32x32>
#hs2 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 2x1, shard = 32x32>

// CHECK-LABEL: op constraints of @min_hw_into_shards
func.func @min_hw_into_shards(%a: tensor<256x192xbf16, #dram>, %b: tensor<512x192xbf16, #dram>, %c: tensor<4x128x64xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=21632 l1=9792 total=31424 out=1088
  %0 = ttnn.min %a {dim_arg = array<i64: 0, 1>, keep_dim = true} : tensor<256x192xbf16, #dram> -> tensor<1x1xbf16, #hs1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=21632 l1=9792 total=31424 out=1088
  %1 = ttnn.min %a {dim_arg = array<i64: 0, 1>, keep_dim = true} : tensor<256x192xbf16, #dram> -> tensor<1x1xbf16, #ws2>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=28160 l1=9792 total=37952 out=1088
  %2 = ttnn.min %a {dim_arg = array<i64: 0, 1>, keep_dim = true} : tensor<256x192xbf16, #dram> -> tensor<1x1xbf16, #bs1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=45568 l1=9792 total=55360 out=1088
  %3 = ttnn.min %b {dim_arg = array<i64: 0, 1>, keep_dim = true} : tensor<512x192xbf16, #dram> -> tensor<1x1xbf16, #hs2>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=12928 l1=21760 total=34688 out=4352
  %4 = ttnn.min %c {dim_arg = array<i64: 1, 2>, keep_dim = true} : tensor<4x128x64xbf16, #dram> -> tensor<4x1x1xbf16, #hs1>
  return
}
