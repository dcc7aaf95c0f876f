// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A tiled slice through row-major data (begins inside a tile, or a step) into shards, from an
// interleaved input that is not a tile multiple: ttnn 0.81.1 untilizes it with unpadding into
// shards it derives on the output's grid (untilize_with_unpadding's compute_output_specs), slices
// into the asked shards, views the rows at their logical width, and tilizes. Every figure below was
// measured on both mock devices (the same on both).

#l1_f32 = #ttnn.layout<l1, interleaved, f32>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>
#bs = #ttnn.layout<l1, block_sharded, f32, grid = 6x7, shard = 160x96>
#bs32 = #ttnn.layout<l1, block_sharded, bf16, grid = 2x8, shard = 32x32>

// Rows the grid could not hold as asked: the derived shards hold them (3x888x672 f32 in 6x7 block
// shards of 448x96: fresh draw seed 831073443, slice #0; 412x256 stepped in 2x8 of 224x32: seed
// 116907905, slice #24).
// CHECK-LABEL: op constraints of @derived
func.func @derived(%a: tensor<3x888x672xf32, #l1_f32>, %d: tensor<412x256xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=172032 l1=294912 total=466944 out=61440
  %0 = ttnn.slice %a {begins = array<i64: 0, 39, 0>, ends = array<i64: 3, 312, 672>, step = array<i64: 1, 1, 1>} : tensor<3x888x672xf32, #l1_f32> -> tensor<3x273x672xf32, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=32768 l1=18432 total=51200 out=2048
  %1 = ttnn.slice %d {begins = array<i64: 224, 0>, ends = array<i64: 412, 256>, step = array<i64: 3, 1>} : tensor<412x256xbf16, #l1> -> tensor<63x256xbf16, #bs32>
  return
}

// The view of the sliced rows in block shards: a whole number of shards runs; rows narrower than
// the shard run when the shard-wide rows are a whole number of logical rows, and ttnn reshards the
// view (one more tensor on the shards); anything else fails (tensor_ops.cpp:380 or the buffer's
// page size).
#bs2x1_32 = #ttnn.layout<l1, block_sharded, bf16, grid = 2x1, shard = 64x32>
#bs2x1_64 = #ttnn.layout<l1, block_sharded, bf16, grid = 2x1, shard = 64x64>
#bs2x1_128 = #ttnn.layout<l1, block_sharded, bf16, grid = 2x1, shard = 64x128>
#bs1x8 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x8, shard = 96x96>
// CHECK-LABEL: op constraints of @block_view
func.func @block_view(%a: tensor<100x200xbf16, #dram>, %b: tensor<248x704xbf16, #l1>) {
  // 96 rows of 64 in 64x128 shards: untilized 28672 + sliced 16384 + resharded 16384 + tilized 16384.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=28672 l1=77824 total=77824 out=16384
  %0 = ttnn.slice %a {begins = array<i64: 3, 0>, ends = array<i64: 99, 64>, step = array<i64: 1, 1>} : tensor<100x200xbf16, #dram> -> tensor<96x64xbf16, #bs2x1_128>
  // 96 x 32 = 3072 elements are 256 rows of 12, not whole rows of 20.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=28672 l1=40960 total=61440 out=4096
  %1 = ttnn.slice %a {begins = array<i64: 3, 0>, ends = array<i64: 99, 12>, step = array<i64: 1, 1>} : tensor<100x200xbf16, #dram> -> tensor<96x12xbf16, #bs2x1_32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: ttnn.slice: ttnn views the sliced rows of 20 elements
  %2 = ttnn.slice %a {begins = array<i64: 3, 0>, ends = array<i64: 99, 20>, step = array<i64: 1, 1>} : tensor<100x200xbf16, #dram> -> tensor<96x20xbf16, #bs2x1_32>
  // 95 x 64 = 6080 elements are 304 rows of 20.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=28672 l1=53248 total=65536 out=8192
  %3 = ttnn.slice %a {begins = array<i64: 4, 0>, ends = array<i64: 99, 20>, step = array<i64: 1, 1>} : tensor<100x200xbf16, #dram> -> tensor<95x20xbf16, #bs2x1_64>
  // 704 wide in 96-wide shards: not a whole number of shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: ttnn.slice: ttnn views the sliced rows of 704 elements
  %4 = ttnn.slice %b {begins = array<i64: 10, 0>, ends = array<i64: 106, 704>, step = array<i64: 1, 1>} : tensor<248x704xbf16, #l1> -> tensor<96x704xbf16, #bs1x8>
  return
}

// Width shards: the untilize writes every row on each core (100x128 here); the view runs only for
// a whole number of shards. Height shards: the derived shards keep the asked width, which must hold
// the input's rows, and the view runs only for rows as wide as the shard.
#ws1x2 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 96x64>
#ws1x1 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x1, shard = 96x64>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 64x128>
// CHECK-LABEL: op constraints of @width_height_view
func.func @width_height_view(%a: tensor<100x200xbf16, #dram>, %h: tensor<100x128xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=28672 l1=50176 total=66560 out=12288
  %0 = ttnn.slice %a {begins = array<i64: 3, 0>, ends = array<i64: 99, 128>, step = array<i64: 1, 1>} : tensor<100x200xbf16, #dram> -> tensor<96x128xbf16, #ws1x2>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: ttnn.slice: ttnn views the sliced rows of 32 elements
  %1 = ttnn.slice %a {begins = array<i64: 3, 0>, ends = array<i64: 99, 32>, step = array<i64: 1, 1>} : tensor<100x200xbf16, #dram> -> tensor<96x32xbf16, #ws1x1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=16384 l1=49152 total=49152 out=16384
  %2 = ttnn.slice %h {begins = array<i64: 3, 0>, ends = array<i64: 99, 128>, step = array<i64: 1, 1>} : tensor<100x128xbf16, #dram> -> tensor<96x128xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: ttnn.slice: {{.*}}height_sharded
  %3 = ttnn.slice %h {begins = array<i64: 3, 0>, ends = array<i64: 99, 64>, step = array<i64: 1, 1>} : tensor<100x128xbf16, #dram> -> tensor<96x64xbf16, #hs>
  // The derived height shards (64x128) cannot hold rows of 200.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: ttnn.to_layout: {{.*}}does not shard a 100x200 tensor
  %4 = ttnn.slice %a {begins = array<i64: 3, 0>, ends = array<i64: 99, 128>, step = array<i64: 1, 1>} : tensor<100x200xbf16, #dram> -> tensor<96x128xbf16, #hs>
  return
}

// From shards of a padded input: ttnn untilizes into shards of the input's memory layout it derives
// on the input's grid (block: 64x128 here; width: all rows x the input's shard width; height:
// 160x864 for 297 rows on 2 cores), its middle CB two input shards of output tiles; then as above.
// Into another memory layout: block and width shards of one shard width only (TT_FATAL otherwise);
// here the view of rows of 200 in 128-wide width shards fails first.
#in_bs = #ttnn.layout<l1, block_sharded, bf16, grid = 2x2, shard = 64x128>
#in_ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 128x128>
#in_hs = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x2, shard = 160x864>
#bs2x2_64 = #ttnn.layout<l1, block_sharded, bf16, grid = 2x2, shard = 64x64>
#ws1x2_128 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 96x128>
#hs_out = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x2, shard = 64x32>
// CHECK-LABEL: op constraints of @from_shards
func.func @from_shards(%a: tensor<100x200xbf16, #in_bs>, %w: tensor<100x200xbf16, #in_ws>, %h: tensor<1x297x864xbf16, #in_hs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=32768 l1=32768 total=57344 out=8192
  %0 = ttnn.slice %a {begins = array<i64: 3, 0>, ends = array<i64: 99, 128>, step = array<i64: 1, 1>} : tensor<100x200xbf16, #in_bs> -> tensor<96x128xbf16, #bs2x2_64>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=32768 l1=28672 total=53248 out=4096
  %1 = ttnn.slice %a {begins = array<i64: 3, 0>, ends = array<i64: 99, 24>, step = array<i64: 1, 1>} : tensor<100x200xbf16, #in_bs> -> tensor<96x24xbf16, #bs2x1_32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=65536 l1=50176 total=103424 out=12288
  %2 = ttnn.slice %w {begins = array<i64: 3, 0>, ends = array<i64: 99, 128>, step = array<i64: 1, 1>} : tensor<100x200xbf16, #in_ws> -> tensor<96x128xbf16, #ws1x2>
  // The bfp8_b input untilizes to bf16; the 84 sliced rows are padded before the tilize.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=552960 l1=288768 total=833536 out=4096
  %3 = ttnn.slice %h {begins = array<i64: 0, 133, 512>, ends = array<i64: 1, 217, 544>, step = array<i64: 1, 1, 1>} : tensor<1x297x864xbf16, #in_hs> -> tensor<1x84x32xbf16, #hs_out>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error
  %4 = ttnn.slice %a {begins = array<i64: 3, 0>, ends = array<i64: 99, 200>, step = array<i64: 1, 1>} : tensor<100x200xbf16, #in_bs> -> tensor<96x200xbf16, #ws1x2_128>
  return
}
