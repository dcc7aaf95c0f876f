// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Reductions of a sharded input over one dimension: ttnn 0.81.1 runs the
// interleaved program (8 input pages for a row of >= 4 tiles, else 2, a
// scaler page, 2 output pages), but its sharded W program for a
// height-sharded input into the same grid's shards of the reduced rows (2
// input pages and the scaler beside the shards). Figures: mock-device
// measurements (Wormhole).

#dram = #ttnn.layout<dram, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x128>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 4x8, shard = 64x128>
#hs_out = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x32>

// CHECK-LABEL: op constraints of @reduce
func.func @reduce(%h: tensor<4096x128xbf16, #hs>, %b: tensor<256x1024xbf16, #bs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=22528 l1=0 total=22528 out=0
  %0 = ttnn.sum %h {dim_arg = array<i64: 1>, keep_dim = true} : tensor<4096x128xbf16, #hs> -> tensor<4096x1xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=10240 l1=0 total=10240 out=0
  %1 = ttnn.sum %h {dim_arg = array<i64: 0>, keep_dim = true} : tensor<4096x128xbf16, #hs> -> tensor<1x128xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=22528 l1=0 total=22528 out=0
  %2 = ttnn.max %b {dim_arg = array<i64: 1>, keep_dim = true} : tensor<256x1024xbf16, #bs> -> tensor<256x1xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=6144 l1=4096 total=10240 out=4096
  %3 = ttnn.sum %h {dim_arg = array<i64: 1>, keep_dim = true} : tensor<4096x128xbf16, #hs> -> tensor<4096x1xbf16, #hs_out>
  return
}

// argmax takes an interleaved input only (ttnn 0.81.1: TT_FATAL).
#rm_u32 = #ttnn.layout<row_major, dram, interleaved, u32>
// CHECK-LABEL: op constraints of @argmax
func.func @argmax(%h: tensor<4096x128xbf16, #hs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.argmax: backend_error: ttnn.argmax: the input is l1 height_sharded bf16 (grid 8x8, shard 64x128); ttnn 0.81.1's argmax takes an interleaved input only (TT_FATAL)
  %0 = ttnn.argmax %h {dim = -1 : si32} : tensor<4096x128xbf16, #hs> -> tensor<4096xui32, #rm_u32>
  return
}
