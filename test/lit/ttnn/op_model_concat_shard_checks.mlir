// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.concat's shard checks, measured on both mock devices (TT_FATAL where rejected):
//   - the row-major concat of a padded concat dimension is placed in the output's shards, whose TensorSpec
//     check wants height shards as wide as the rows (padded to whole shards) and width shards as high;
//   - the sharded programs on row-major shards: the block-sharded one takes shard rows of whole L1 units,
//     the two-input height-sharded one along the width rows of whole 32 B units.

#l1 = #ttnn.layout<l1, interleaved, bf16>
#ws128 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 128x32>
#hs32 = #ttnn.layout<l1, height_sharded, bf16, grid = 2x2, shard = 32x64>
#ws288 = #ttnn.layout<l1, width_sharded, bf16, grid = 2x3, shard = 288x128>
#ws576 = #ttnn.layout<l1, width_sharded, bf16, grid = 2x3, shard = 576x128>
#f32dram = #ttnn.layout<dram, interleaved, f32>
#f32hs = #ttnn.layout<l1, height_sharded, f32, grid = 6x3, shard = 128x128>

// CHECK-LABEL: op constraints of @padded_into_shards
func.func @padded_into_shards(%a: tensor<50x64xbf16, #l1>, %s: tensor<1x283x768xbf16, #ws288>, %f: tensor<3x736x36xf32, #f32dram>) {
  // 100 rows in 128-row width shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: the row-major concat 100x64 in
  %0 = ttnn.concat %a, %a {dim = 0 : si32} : tensor<50x64xbf16, #l1>, tensor<50x64xbf16, #l1> -> tensor<100x64xbf16, #ws128>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=8192 l1=8448 total=16640 out=4096
  %1 = ttnn.concat %a, %a {dim = 0 : si32} : tensor<50x64xbf16, #l1>, tensor<50x64xbf16, #l1> -> tensor<100x64xbf16, #hs32>
  // Sharded inputs: 566 rows in 576-row width shards (stress draw seed 547108423 concat #31).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: the row-major concat 1x566x768 in
  %2 = ttnn.concat %s, %s {dim = 1 : si32} : tensor<1x283x768xbf16, #ws288>, tensor<1x283x768xbf16, #ws288> -> tensor<1x566x768xbf16, #ws576>
  // Rows of 144 B transposed, 736 wide in 128-wide height shards (fresh draw seed 23091948 concat #9).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: the row-major concat 3x108x736 in
  %3 = ttnn.concat %f, %f, %f {dim = 2 : si32} : tensor<3x736x36xf32, #f32dram>, tensor<3x736x36xf32, #f32dram>, tensor<3x736x36xf32, #f32dram> -> tensor<3x736x108xf32, #f32hs>
  return
}

#rml1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#bs36 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x2, shard = 32x36>
#hs72 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x2, shard = 16x72>
#hs80 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x2, shard = 16x80>

// CHECK-LABEL: op constraints of @row_shard_pages
func.func @row_shard_pages(%b: tensor<64x72xbf16, #bs36>, %h: tensor<64x72xbf16, #hs72>, %g: tensor<64x80xbf16, #hs80>) {
  // 72 B block shard rows (stress draw seed 547108423 concat #14: 162 B).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: ttnn 0.81.1's block-sharded concat program
  %0 = ttnn.concat %b, %b {dim = 0 : si32} : tensor<64x72xbf16, #bs36>, tensor<64x72xbf16, #bs36> -> tensor<128x72xbf16, #rml1>
  // Two height-sharded inputs of 144 B rows; three take the multi-tensor program; 160 B rows run.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: ttnn 0.81.1's two-input row-major concat program
  %1 = ttnn.concat %h, %h {dim = 1 : si32} : tensor<64x72xbf16, #hs72>, tensor<64x72xbf16, #hs72> -> tensor<64x144xbf16, #rml1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=0 l1=7344 total=7344 out=432
  %2 = ttnn.concat %h, %h, %h {dim = 1 : si32} : tensor<64x72xbf16, #hs72>, tensor<64x72xbf16, #hs72>, tensor<64x72xbf16, #hs72> -> tensor<64x216xbf16, #rml1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=0 l1=5440 total=5440 out=320
  %3 = ttnn.concat %g, %g {dim = 1 : si32} : tensor<64x80xbf16, #hs80>, tensor<64x80xbf16, #hs80> -> tensor<64x160xbf16, #rml1>
  return
}

#hs100 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x2, shard = 16x100>
#hs200 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x2, shard = 16x200>
#ws90 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x6, shard = 218x90>
#ws180 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x6, shard = 218x180>

// Row-major shards of rows that are not whole L1 units, along the width: ttnn transposes them first and
// places the transposed concat in the output's shards (stress draw seed 241814772 concat #17).
// CHECK-LABEL: op constraints of @transposed_into_shards
func.func @transposed_into_shards(%h: tensor<64x100xbf16, #hs100>, %w: tensor<218x540xbf16, #ws90>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: the row-major concat 200x64 in
  %0 = ttnn.concat %h, %h {dim = 1 : si32} : tensor<64x100xbf16, #hs100>, tensor<64x100xbf16, #hs100> -> tensor<64x200xbf16, #hs200>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: the row-major concat 1080x218 in
  %1 = ttnn.concat %w, %w {dim = 1 : si32} : tensor<218x540xbf16, #ws90>, tensor<218x540xbf16, #ws90> -> tensor<218x1080xbf16, #ws180>
  return
}

// Block shards of rows padded to whole shards (41 x 8 = 328 > 322) along the height reach the
// block-sharded program and its row check too (82 B rows; fresh draw seed 887801677 concat #6).
#bs41 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x8, shard = 432x41>
// CHECK-LABEL: op constraints of @padded_rows_along_height
func.func @padded_rows_along_height(%a: tensor<864x322xbf16, #bs41>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: ttnn 0.81.1's block-sharded concat program takes shard rows of whole 16 B units
  %0 = ttnn.concat %a, %a {dim = -2 : si32} : tensor<864x322xbf16, #bs41>, tensor<864x322xbf16, #bs41> -> tensor<1728x322xbf16, #rml1>
  return
}

// Rank-1 shards into shards: ttnn ran row-major block shards of 1x16 into 1x64 ones (block-sharded
// program, no CB; fresh draw seed 607571633 concat #25, both devices): not modelled, not rejected.
#bs16 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x2, shard = 1x16>
#bs64 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x2, shard = 1x64>
// CHECK-LABEL: op constraints of @rank1_into_shards
func.func @rank1_into_shards(%a: tensor<32xbf16, #bs16>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: not_implemented: ttnn.concat: rank-1 {{.*}}inputs concatenated into shards are not modelled
  %0 = ttnn.concat %a, %a, %a, %a {dim = -1 : si32} : tensor<32xbf16, #bs16>, tensor<32xbf16, #bs16>, tensor<32xbf16, #bs16>, tensor<32xbf16, #bs16> -> tensor<128xbf16, #bs64>
  return
}
