// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A rank-1 reduction into shards is its 1xN view's; from one-core height shards the interleaved W
// program runs (8 input pages from 4 tiles): a mean of 142 f32 in and into a 32x160 height shard
// took cb=45056 l1=4096 total=49152 out=4096 in ttnn 0.81.1 (both mock devices; fresh draw seed
// 812079109), as from DRAM; a max of 224 into a 32x32 width shard cb=22528 l1=2048.

#hs = #ttnn.layout<l1, height_sharded, f32, grid = 1x1, shard = 32x160>
#dram = #ttnn.layout<dram, interleaved, bf16>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x1, shard = 32x32>

// CHECK-LABEL: op constraints of @rank1
func.func @rank1(%x: tensor<142xf32, #hs>, %y: tensor<224xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: success cb=45056 l1=4096 total=49152 out=4096
  %0 = ttnn.mean %x {dim_arg = array<i64: -1>, keep_dim = true} : tensor<142xf32, #hs> -> tensor<1xf32, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=22528 l1=2048 total=24576 out=2048
  %1 = ttnn.max %y {keep_dim = true} : tensor<224xbf16, #dram> -> tensor<1xbf16, #ws>
  return
}
