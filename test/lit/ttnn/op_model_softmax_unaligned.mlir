// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// softmax over a last dimension that is not a tile multiple (ttnn 0.81.1):
// the input streams through 2 x block tiles and the row is kept in one more
// intermediate CB of Wt' tiles; the result's reshape to its logical width
// rejects shards narrower than the padded row. Sharded grids may leave cores
// idle. Figures: mock-device measurements (Wormhole).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1_f32 = #ttnn.layout<l1, interleaved, f32>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 64x160>
#hs_idle = #ttnn.layout<l1, height_sharded, f32, grid = 7x6, shard = 96x288>

// CHECK-LABEL: op constraints of @masked_rows
func.func @masked_rows(%a: tensor<32x14xbf16, #dram>, %b: tensor<480x703xf32, #dram_f32>) {
  // Wt = 1: 2 input tiles, 1 + 1 + 2 intermediate tiles, 2 output, 5 bf16.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=26624 l1=0 total=26624 out=0
  %0 = ttnn.softmax %a {dimension = -1 : si32} : tensor<32x14xbf16, #dram> -> tensor<32x14xbf16, #dram>
  // Wt = 22, block 4, Wt' = 24: 8 input, 24 + 24 + 2 f32 intermediate tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=280576 l1=24576 total=305152 out=24576
  %1 = ttnn.softmax %b {dimension = -1 : si32} : tensor<480x703xf32, #dram_f32> -> tensor<480x703xf32, #l1_f32>
  return
}

// CHECK-LABEL: op constraints of @shards
func.func @shards(%a: tensor<64x300xbf16, #dram>, %b: tensor<4x1x832x284xf32, #hs_idle>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: backend_error: ttnn.softmax: a last dimension of 300 (not a tile multiple) cannot be written into shards narrower than its padded row
  %0 = ttnn.softmax %a {dimension = -1 : si32} : tensor<64x300xbf16, #dram> -> tensor<64x300xbf16, #ws>
  // 35 shards of 96 rows on a 7x6 grid (7 cores idle).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=141312 l1=110592 total=251904 out=110592
  %1 = ttnn.softmax %b {dimension = 3 : si32} : tensor<4x1x832x284xf32, #hs_idle> -> tensor<4x1x832x284xf32, #hs_idle>
  return
}
