// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.slice of a tiled tensor that ttnn runs on row-major data (a rank-1 tensor, begins that are not tile
// multiples; measured on both mock devices): untilized into the output's buffer (or onto its shards), sliced
// by the row-major program, tilized; bfp8_b comes out bf16 (the answer's layout); into shards ttnn TT_FATALs
// for a rank-1 input, when the untilized input does not fit the output's shard grid and, for a tile-multiple
// input, when the sliced rows are narrower than a shard; batched width or block shards of a padded shape fail
// ttnn's untilize with unpadding.

// CHECK-LABEL: op constraints of @interleaved
func.func @interleaved(%c0_0: tensor<736xf32, #ttnn.layout<dram, interleaved, f32>>, %c1_0: tensor<93xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c2_0: tensor<1x96x864xf32, #ttnn.layout<dram, interleaved, f32>>, %c3_0: tensor<64x2048xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %c4_0: tensor<2x100x300xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c5_0: tensor<703x744xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 5x1, shard = 704x160>>, %c6_0: tensor<2x134x128xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 1x1, shard = 320x128>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=188416 l1=0 total=188416 out=0
  %0 = ttnn.slice %c0_0 {begins = array<i64: 416>, ends = array<i64: 672>, step = array<i64: 1>} : tensor<736xf32, #ttnn.layout<dram, interleaved, f32>> -> tensor<256xf32, #ttnn.layout<dram, interleaved, f32>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=12288 l1=0 total=12288 out=0
  %1 = ttnn.slice %c1_0 {begins = array<i64: 83>, ends = array<i64: 90>, step = array<i64: 1>} : tensor<93xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<7xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.slice: success cb=221184 l1=11200 total=228288 out=4096
  // BH: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=221184 l1=7648 total=224736 out=4096
  %2 = ttnn.slice %c2_0 {begins = array<i64: 0, 0, 711>, ends = array<i64: 1, 96, 733>, step = array<i64: 1, 1, 1>} : tensor<1x96x864xf32, #ttnn.layout<dram, interleaved, f32>> -> tensor<1x96x22xf32, #ttnn.layout<l1, interleaved, f32>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.slice: success cb=20736 l1=0 total=12544 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=14464 l1=0 total=8200 out=0
  %3 = ttnn.slice %c3_0 {begins = array<i64: 3, 0>, ends = array<i64: 64, 2048>, step = array<i64: 1, 1>} : tensor<64x2048xbf16, #ttnn.layout<dram, interleaved, bfp8_b>> -> tensor<61x2048xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.slice: success cb=40960 l1=6304 total=47264 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=40960 l1=4480 total=45440 out=2048
  %4 = ttnn.slice %c4_0 {begins = array<i64: 0, 17, 0>, ends = array<i64: 2, 99, 300>, step = array<i64: 1, 1, 1>} : tensor<2x100x300xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<2x82x300xbf16, #ttnn.layout<l1, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=20480 l1=0 total=20480 out=0
  %5 = ttnn.slice %c5_0 {begins = array<i64: 0, 538>, ends = array<i64: 703, 568>, step = array<i64: 1, 1>} : tensor<703x744xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 5x1, shard = 704x160>> -> tensor<703x30xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // Batched width shards of a padded shape: TT_FATAL.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error
  %6 = ttnn.slice %c6_0 {begins = array<i64: 0, 124, 0>, ends = array<i64: 2, 132, 128>, step = array<i64: 1, 1, 1>} : tensor<2x134x128xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 1x1, shard = 320x128>> -> tensor<2x8x128xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @whole
func.func @whole(%c0_0: tensor<64x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %c1_0: tensor<64x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=0 l1=0 total=0 out=0
  %0 = ttnn.slice %c0_0 {begins = array<i64: 0, 0>, ends = array<i64: 64, 64>, step = array<i64: 1, 1>} : tensor<64x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<64x64xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=4096 l1=2048 total=6144 out=2048
  %1 = ttnn.slice %c1_0 {begins = array<i64: 0, 0>, ends = array<i64: 64, 64>, step = array<i64: 1, 1>} : tensor<64x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<64x64xbf16, #ttnn.layout<l1, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @into_shards
func.func @into_shards(%c0_0: tensor<128x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %c1_0: tensor<64x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %c2_0: tensor<3x800x416xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c3_0: tensor<823xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, %c4_0: tensor<256x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=8192 l1=6144 total=14344 out=2048
  %0 = ttnn.slice %c0_0 {begins = array<i64: 3, 0>, ends = array<i64: 128, 64>, step = array<i64: 1, 1>} : tensor<128x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<125x64xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 4x2, shard = 32x32>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=8192 l1=32768 total=32896 out=8192
  %1 = ttnn.slice %c1_0 {begins = array<i64: 5, 0>, ends = array<i64: 64, 64>, step = array<i64: 1, 1>} : tensor<64x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<59x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 64x64>>
  // A tile-multiple input is untilized into the asked shard, which cannot hold it: TT_FATAL
  // (shard_grid_fit_error, both devices).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: {{.*}}does not shard a 2400x416 tensor
  %2 = ttnn.slice %c2_0 {begins = array<i64: 0, 444, 172>, ends = array<i64: 3, 641, 413>, step = array<i64: 1, 1, 1>} : tensor<3x800x416xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<3x197x241xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x1, shard = 672x256>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error
  %3 = ttnn.slice %c3_0 {begins = array<i64: 63>, ends = array<i64: 610>, step = array<i64: 1>} : tensor<823xbf16, #ttnn.layout<l1, interleaved, bfp8_b>> -> tensor<547xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x6, shard = 32x96>>
  // The tile program into shards that leave cores idle.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=4096 l1=4096 total=8200 out=4096
  %4 = ttnn.slice %c4_0 {begins = array<i64: 0, 0>, ends = array<i64: 128, 64>, step = array<i64: 1, 1>} : tensor<256x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<128x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 4x2, shard = 32x64>>
  return
}

// Height shards narrower or wider than the sliced rows: ttnn's view of the rows fails (the shard grid
// fit; measured on both devices).
// CHECK-LABEL: op constraints of @padded_beyond_grid
func.func @padded_beyond_grid(%a: tensor<593x288xf32, #ttnn.layout<l1, interleaved, f32>>, %b: tensor<4x553x224xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: ttnn.slice: ttnn views the sliced rows of 251 elements in {{.*}}height_sharded
  %0 = ttnn.slice %a {begins = array<i64: 223, 31>, ends = array<i64: 287, 282>, step = array<i64: 1, 1>} : tensor<593x288xf32, #ttnn.layout<l1, interleaved, f32>> -> tensor<64x251xf32, #ttnn.layout<l1, height_sharded, f32, grid = 2x1, shard = 32x256>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: ttnn.slice: ttnn views the sliced rows of 168 elements in {{.*}}height_sharded
  %1 = ttnn.slice %b {begins = array<i64: 0, 0, 17>, ends = array<i64: 4, 553, 185>, step = array<i64: 1, 1, 1>} : tensor<4x553x224xbf16, #ttnn.layout<dram, interleaved, bfp8_b>> -> tensor<4x553x168xbf16, #ttnn.layout<l1, height_sharded, bfp8_b, grid = 7x1, shard = 352x192>>
  return
}

// Width or block shards of several cores that the input overflows: ttnn untilizes the padded input
// into block shards it derives (192x224 f32 here), slices, reshards the view of the 7-element rows
// and tilizes (364x215 f32 [0:364, 199:206] into 2x1 block shards of 192x32, fresh draw seed
// 699445885, both devices); width shards wider than the sliced rows fail the view.
// CHECK-LABEL: op constraints of @overflowing_block_grid
func.func @overflowing_block_grid(%a: tensor<364x215xf32, #ttnn.layout<dram, interleaved, f32>>, %b: tensor<300x300xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=57344 l1=245760 total=253952 out=24576
  %0 = ttnn.slice %a {begins = array<i64: 0, 199>, ends = array<i64: 364, 206>, step = array<i64: 1, 1>} : tensor<364x215xf32, #ttnn.layout<dram, interleaved, f32>> -> tensor<364x7xf32, #ttnn.layout<l1, block_sharded, f32, grid = 2x1, shard = 192x32>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: ttnn.slice: ttnn views the sliced rows of 37 elements in {{.*}}width_sharded
  %1 = ttnn.slice %b {begins = array<i64: 0, 3>, ends = array<i64: 64, 40>, step = array<i64: 1, 1>} : tensor<300x300xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<64x37xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 1x4, shard = 64x64>>
  return
}
