// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.slice of row-major tensors (slice_program_factory_rm*.cpp, measured on both mock devices): SliceRm's
// dataflow buffer of 2 k output rows (aligned to the larger buffer alignment, doubled when the first column's
// byte offset is not aligned to the input's; k the most rows up to 4096 B dividing the busiest core's rows
// rounded up to 32) and a 4-byte word a dimension of scratchpad; SliceRmStride's 2 input rows; the whole
// tensor as ttnn's copy; shards through ttnn's resharding or SliceRmSharded.

// CHECK-LABEL: op constraints of @slice_rm
func.func @slice_rm(%c0_0: tensor<100x200xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c1_0: tensor<100x200xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c2_0: tensor<3x50x70xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %c3_0: tensor<4000x1000xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c4_0: tensor<700xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.slice: success cb=6656 l1=0 total=6664 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=7168 l1=0 total=7176 out=0
  %0 = ttnn.slice %c0_0 {begins = array<i64: 10, 0>, ends = array<i64: 90, 200>, step = array<i64: 1, 1>} : tensor<100x200xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<80x200xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.slice: success cb=5120 l1=608 total=5736 out=608
  // BH: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=6144 l1=304 total=6456 out=304
  %1 = ttnn.slice %c1_0 {begins = array<i64: 10, 3>, ends = array<i64: 90, 150>, step = array<i64: 1, 1>} : tensor<100x200xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<80x147xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=8192 l1=0 total=8204 out=0
  %2 = ttnn.slice %c2_0 {begins = array<i64: 1, 5, 7>, ends = array<i64: 3, 45, 69>, step = array<i64: 1, 1, 1>} : tensor<3x50x70xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<2x40x62xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=8192 l1=0 total=8200 out=0
  %3 = ttnn.slice %c3_0 {begins = array<i64: 0, 1>, ends = array<i64: 4000, 999>, step = array<i64: 1, 1>} : tensor<4000x1000xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<4000x998xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=4864 l1=1200 total=6068 out=1200
  %4 = ttnn.slice %c4_0 {begins = array<i64: 5>, ends = array<i64: 600>, step = array<i64: 1>} : tensor<700xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<595xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @strided
func.func @strided(%c0_0: tensor<32x384xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %c1_0: tensor<100x198xf32, #ttnn.layout<row_major, dram, interleaved, f32>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=1536 l1=208 total=1744 out=208
  %0 = ttnn.slice %c0_0 {begins = array<i64: 0, 166>, ends = array<i64: 32, 362>, step = array<i64: 2, 2>} : tensor<32x384xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<16x98xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.slice: success cb=1600 l1=800 total=2400 out=800
  // BH: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=1664 l1=400 total=2064 out=400
  %1 = ttnn.slice %c1_0 {begins = array<i64: 0, 1>, ends = array<i64: 100, 197>, step = array<i64: 1, 2>} : tensor<100x198xf32, #ttnn.layout<row_major, dram, interleaved, f32>> -> tensor<100x98xf32, #ttnn.layout<row_major, l1, interleaved, f32>>
  return
}

// CHECK-LABEL: op constraints of @whole
func.func @whole(%c0_0: tensor<618xf32, #ttnn.layout<row_major, dram, interleaved, f32>>, %c1_0: tensor<300x618xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>) {
  // The copy program: 2 aligned rows of dataflow buffer and a row of scratchpad.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=4960 l1=2480 total=9912 out=2480
  %0 = ttnn.slice %c0_0 {begins = array<i64: 0>, ends = array<i64: 618>, step = array<i64: 1>} : tensor<618xf32, #ttnn.layout<row_major, dram, interleaved, f32>> -> tensor<618xf32, #ttnn.layout<row_major, l1, interleaved, f32>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.slice: success cb=2496 l1=0 total=3732 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=2560 l1=0 total=3796 out=0
  %1 = ttnn.slice %c1_0 {begins = array<i64: 0, 0>, ends = array<i64: 300, 618>, step = array<i64: 1, 1>} : tensor<300x618xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<300x618xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @shards
func.func @shards(%c0_0: tensor<256x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c1_0: tensor<256x70xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c2_0: tensor<256x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 64x64>>, %c3_0: tensor<128x64xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x2, shard = 128x32>>, %c4_0: tensor<128x64xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.slice: success cb=4096 l1=2048 total=6152 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=8192 l1=2048 total=10248 out=2048
  %0 = ttnn.slice %c0_0 {begins = array<i64: 0, 16>, ends = array<i64: 128, 48>, step = array<i64: 1, 1>} : tensor<256x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<128x32xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 32x32>>
  // Rows that are not whole tiles into width shards: sliced into L1 interleaved, then interleaved_to_sharded
  // (4 staging slots of scratchpad).
  // WH: :[[@LINE+2]]:{{.*}} ttnn.slice: success cb=4096 l1=4224 total=8328 out=4096
  // BH: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=4096 l1=4160 total=8264 out=4096
  %1 = ttnn.slice %c1_0 {begins = array<i64: 0, 0>, ends = array<i64: 128, 32>, step = array<i64: 1, 1>} : tensor<256x70xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<128x32xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x2, shard = 128x16>>
  // Height shards into height shards: SliceRmSharded, its buffers the shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=0 l1=4096 total=4096 out=4096
  %2 = ttnn.slice %c2_0 {begins = array<i64: 0, 0>, ends = array<i64: 128, 64>, step = array<i64: 1, 1>} : tensor<256x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 64x64>> -> tensor<128x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 32x64>>
  // Width shards read from another column: unsharded into L1 first.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.slice: success cb=7168 l1=480 total=7656 out=224
  // BH: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=7168 l1=240 total=7416 out=112
  %3 = ttnn.slice %c3_0 {begins = array<i64: 3, 8>, ends = array<i64: 100, 64>, step = array<i64: 1, 1>} : tensor<128x64xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x2, shard = 128x32>> -> tensor<97x56xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.slice: success cb=0 l1=8192 total=8832 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=0 l1=8192 total=8960 out=8192
  %4 = ttnn.slice %c4_0 {begins = array<i64: 0, 0>, ends = array<i64: 128, 64>, step = array<i64: 1, 1>} : tensor<128x64xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<128x64xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x1, shard = 64x64>>
  return
}

// Unsharding width or block shards of rows that are not whole tiles, before SliceRm: the copy program's
// pages are whole rows (2 x 1264 B) and a shard row its scratchpad (212 B) (ttnn 0.81.1 on both mock
// devices, a random draw, seed 513243123).
// CHECK-LABEL: op constraints of @unshard_block_rows
func.func @unshard_block_rows(%a: tensor<4x384x632xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 3x6, shard = 512x106>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.slice: success cb=2528 l1=31104 total=33844 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=2528 l1=15552 total=18292 out=0
  %0 = ttnn.slice %a {begins = array<i64: 0, 0, 293>, ends = array<i64: 4, 384, 307>, step = array<i64: 1, 1, 1>} : tensor<4x384x632xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 3x6, shard = 512x106>> -> tensor<4x384x14xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  return
}
