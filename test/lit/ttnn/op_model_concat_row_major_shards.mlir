// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.concat of row-major tensors into shards (concat.cpp, concat_impl; measured on both mock devices):
// height shards are written by the row-major program (2 output rows aligned to the larger of the first
// input's and the output's alignment), width and block shards through a DRAM interleaved result and
// to_memory_config; row-major shards into shards take the sharded programs' checks.

#rm_l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#rm_f32 = #ttnn.layout<row_major, dram, interleaved, f32>
#rm_l1_f32 = #ttnn.layout<row_major, l1, interleaved, f32>
#hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x4, shard = 3x224>
#hs_f32 = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 1x1, shard = 1x1664>
#bs_f32 = #ttnn.layout<row_major, l1, block_sharded, f32, grid = 7x8, shard = 840x7>
#hs_in = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 3x6, shard = 10x1024>
#hs_out = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 3x6, shard = 20x1024>

// CHECK-LABEL: op constraints of @into_shards
func.func @into_shards(%a: tensor<6x224xbf16, #rm_l1>, %b: tensor<832xf32, #rm_f32>, %c: tensor<832xf32, #rm_l1_f32>, %d: tensor<3x979x50xf32, #rm_l1_f32>, %e: tensor<3x979x50xf32, #rm_f32>) {
  // Height shards: two 448 B rows.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=896 l1=1344 total=2240 out=1344
  %0 = ttnn.concat %a, %a {dim = -2 : si32} : tensor<6x224xbf16, #rm_l1>, tensor<6x224xbf16, #rm_l1> -> tensor<12x224xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=13312 l1=6656 total=19968 out=6656
  %1 = ttnn.concat %b, %c {dim = 0 : si32} : tensor<832xf32, #rm_f32>, tensor<832xf32, #rm_l1_f32> -> tensor<1664xf32, #hs_f32>
  // Block shards: the concat into DRAM (200 B rows aligned to its 32 B, Blackhole's 64 B), then the
  // row-major copy of 28 B shard rows (a 200 B input row of scratchpad).
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=448 l1=26880 total=27328 out=26880
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=512 l1=26880 total=27392 out=26880
  %2 = ttnn.concat %d, %e {dim = 0 : si32} : tensor<3x979x50xf32, #rm_l1_f32>, tensor<3x979x50xf32, #rm_f32> -> tensor<6x979x50xf32, #bs_f32>
  return
}

// CHECK-LABEL: op constraints of @rejected
func.func @rejected(%a: tensor<180x1024xbf16, #hs_in>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: {{.*}} inputs concatenated along dimension 0 into shards (ttnn 0.81.1: TT_FATAL
  %0 = ttnn.concat %a, %a {dim = 0 : si32} : tensor<180x1024xbf16, #hs_in>, tensor<180x1024xbf16, #hs_in> -> tensor<360x1024xbf16, #hs_out>
  return
}

// Rows that are not whole alignment units along the last dimension: ttnn concatenates the transposed
// inputs into the output's memory config, on the transposed shape; its TensorSpec check TT_FATALs
// when those shards do not fit the grid (measured on both devices), else the chain is not modelled.
#rm_dram = #ttnn.layout<row_major, dram, interleaved, bf16>
#bs_2x2 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x2, shard = 32x64>
#hs_1x2 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x2, shard = 32x128>
#hs_1x4 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x4, shard = 32x128>

// CHECK-LABEL: op constraints of @transposed_grid_fit
func.func @transposed_grid_fit(%a: tensor<64x50xbf16, #rm_dram>, %b: tensor<64x78xbf16, #rm_dram>) {
  // 128x64 transposed: 4 block rows of 32 on a 2-row grid.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: the row-major concat 128x64
  %0 = ttnn.concat %a, %b {dim = -1 : si32} : tensor<64x50xbf16, #rm_dram>, tensor<64x78xbf16, #rm_dram> -> tensor<64x128xbf16, #bs_2x2>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: the row-major concat 128x64
  %1 = ttnn.concat %a, %b {dim = -1 : si32} : tensor<64x50xbf16, #rm_dram>, tensor<64x78xbf16, #rm_dram> -> tensor<64x128xbf16, #hs_1x2>
  // Four 32-row shards fit four cores: ttnn runs it.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: not_implemented
  %2 = ttnn.concat %a, %b {dim = -1 : si32} : tensor<64x50xbf16, #rm_dram>, tensor<64x78xbf16, #rm_dram> -> tensor<64x128xbf16, #hs_1x4>
  return
}
