// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.repeat of a sharded rank-1 tensor: repeat_native's sharded program takes rank >= 2 only
// (is_native_repeat_sharding; tiled shards of whole tiles), so ttnn 0.81.1 moves the input to L1
// interleaved first (to_memory_config), then (tiled) untilizes, repeats the rows and tilizes back, or
// (row-major) repeats the rows; into shards through interleaved_to_sharded (measured on both mock
// devices; edge draw seed 720932302 repeat #6, row-major, was not_implemented).

// CHECK-LABEL: op constraints of @rank1_shards
func.func @rank1_shards(%hs: tensor<688xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x704>>, %ws: tensor<480xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 2x4, shard = 32x64>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=90112 l1=9600 total=96992 out=4096
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=90112 l1=7552 total=96992 out=2048
  %0 = ttnn.repeat %hs {repeats = array<i64: 4>} : tensor<688xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x704>> -> tensor<2752xbf16, #ttnn.layout<l1, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=61440 l1=5888 total=66240 out=2048
  %1 = ttnn.repeat %ws {repeats = array<i64: 4>} : tensor<480xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 2x4, shard = 32x64>> -> tensor<1920xbf16, #ttnn.layout<l1, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @rank1_row_shards
func.func @rank1_row_shards(%ws: tensor<471xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 5x4, shard = 1x24>>, %hs: tensor<100xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x1, shard = 1x100>>, %bs: tensor<96xf32, #ttnn.layout<row_major, l1, block_sharded, f32, grid = 1x2, shard = 1x48>>, %ws3: tensor<300xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x3, shard = 1x100>>, %bs907: tensor<907xf32, #ttnn.layout<row_major, l1, block_sharded, f32, grid = 1x1, shard = 1x907>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=0 l1=944 total=16272 out=0
  %0 = ttnn.repeat %ws {repeats = array<i64: 4>} : tensor<471xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 5x4, shard = 1x24>> -> tensor<1884xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=0 l1=2832 total=18160 out=1888
  %1 = ttnn.repeat %ws {repeats = array<i64: 2>} : tensor<471xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 5x4, shard = 1x24>> -> tensor<942xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=416 l1=208 total=1264 out=0
  %2 = ttnn.repeat %hs {repeats = array<i64: 3>} : tensor<100xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x1, shard = 1x100>> -> tensor<300xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=0 l1=1536 total=4736 out=768
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=0 l1=1536 total=4864 out=768
  %3 = ttnn.repeat %bs {repeats = array<i64: 2>} : tensor<96xf32, #ttnn.layout<row_major, l1, block_sharded, f32, grid = 1x2, shard = 1x48>> -> tensor<192xf32, #ttnn.layout<row_major, l1, height_sharded, f32, grid = 1x1, shard = 1x192>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=1216 l1=1808 total=4464 out=1200
  %4 = ttnn.repeat %ws3 {repeats = array<i64: 2>} : tensor<300xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x3, shard = 1x100>> -> tensor<600xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: backend_error: {{.*}}not L1-aligned pages
  %5 = ttnn.repeat %bs907 {repeats = array<i64: 2>} : tensor<907xf32, #ttnn.layout<row_major, l1, block_sharded, f32, grid = 1x1, shard = 1x907>> -> tensor<1814xf32, #ttnn.layout<row_major, l1, height_sharded, f32, grid = 1x1, shard = 1x1814>>
  return
}
