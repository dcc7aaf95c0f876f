// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.repeat (repeat.cpp and its factories, measured on both mock devices): the codegen route, a leg per repeated
// dimension (tiled legs 8 output tiles, 1 for an outer dimension into L1; row-major legs 2 x min(4, slots / 2)
// slots of the larger aligned row; padded shapes through ttnn.untilize, row-major legs and a tilize; each
// intermediate in the input's buffer, freed once the next leg wrote; resharding last); the native route for
// rank 1 and bfp8_b row-major data (scratchpad-only programs).

// CHECK-LABEL: op constraints of @codegen_tiled
func.func @codegen_tiled(%c0_0: tensor<64x64xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c1_0: tensor<128x928xf32, #ttnn.layout<dram, interleaved, f32>>, %c2_0: tensor<64x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=16384 l1=4096 total=20480 out=2048
  %0 = ttnn.repeat %c0_0 {repeats = array<i64: 2, 3>} : tensor<64x64xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<128x192xbf16, #ttnn.layout<l1, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=32768 l1=143360 total=176128 out=98304
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=32768 l1=122880 total=155648 out=98304
  %1 = ttnn.repeat %c1_0 {repeats = array<i64: 3, 2>} : tensor<128x928xf32, #ttnn.layout<dram, interleaved, f32>> -> tensor<384x1856xf32, #ttnn.layout<l1, block_sharded, f32, grid = 4x8, shard = 96x256>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=16384 l1=4096 total=20480 out=2048
  %2 = ttnn.repeat %c2_0 {repeats = array<i64: 2, 1>} : tensor<64x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<128x64xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 4x4, shard = 32x32>>
  return
}

// CHECK-LABEL: op constraints of @codegen_round_trip
func.func @codegen_round_trip(%c0_0: tensor<544x20xbf16, #ttnn.layout<dram, interleaved, bf16>>, %c1_0: tensor<518x352xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c2_0: tensor<1x193x215xf32, #ttnn.layout<l1, interleaved, f32>>, %c3_0: tensor<11x384xf32, #ttnn.layout<l1, interleaved, f32>>, %c4_0: tensor<320x188xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x6, shard = 320x32>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=16384 l1=0 total=8192 out=0
  %0 = ttnn.repeat %c0_0 {repeats = array<i64: 2, 3>} : tensor<544x20xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1088x60xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=126976 l1=106048 total=143616 out=53248
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=110592 l1=51968 total=101376 out=26624
  %1 = ttnn.repeat %c1_0 {repeats = array<i64: 3, 3>} : tensor<518x352xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<1554x1056xbf16, #ttnn.layout<l1, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=64256 l1=3456 total=60800 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=64512 l1=1728 total=59072 out=0
  %2 = ttnn.repeat %c2_0 {repeats = array<i64: 2, 4, 1>} : tensor<1x193x215xf32, #ttnn.layout<l1, interleaved, f32>> -> tensor<2x772x215xf32, #ttnn.layout<dram, interleaved, f32>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=135168 l1=36864 total=104448 out=32768
  %3 = ttnn.repeat %c3_0 {repeats = array<i64: 1, 3>} : tensor<11x384xf32, #ttnn.layout<l1, interleaved, f32>> -> tensor<11x1152xf32, #ttnn.layout<l1, width_sharded, f32, grid = 1x5, shard = 32x256>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=122880 l1=23648 total=97376 out=12288
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=122880 l1=11824 total=85552 out=6144
  %4 = ttnn.repeat %c4_0 {repeats = array<i64: 2, 3>} : tensor<320x188xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x6, shard = 320x32>> -> tensor<640x564xbf16, #ttnn.layout<l1, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @codegen_row_major
func.func @codegen_row_major(%c0_0: tensor<160x493xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %c1_0: tensor<528x416xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c2_0: tensor<2x2x32x576xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %c3_0: tensor<1x1x640x256xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c4_0: tensor<2x1x96x39xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %c5_0: tensor<2x4x768x32xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=7936 l1=0 total=7936 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=8192 l1=0 total=8192 out=0
  %0 = ttnn.repeat %c0_0 {repeats = array<i64: 4, 1>} : tensor<160x493xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<640x493xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=19968 l1=42432 total=62400 out=42432
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=19968 l1=22464 total=42432 out=22464
  %1 = ttnn.repeat %c1_0 {repeats = array<i64: 2, 3>} : tensor<528x416xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<1056x1248xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=9216 l1=6912 total=16128 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=9216 l1=3456 total=12672 out=0
  %2 = ttnn.repeat %c2_0 {repeats = array<i64: 3, 1, 3, 1>} : tensor<2x2x32x576xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<6x2x96x576xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=4096 l1=40960 total=45056 out=40960
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=4096 l1=20480 total=24576 out=20480
  %3 = ttnn.repeat %c3_0 {repeats = array<i64: 4, 1, 2, 1>} : tensor<1x1x640x256xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<4x1x1280x256xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // Shard rows that are not whole L1 alignment units: ttnn's copy program places them.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=800 l1=2720 total=3360 out=1760
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=800 l1=2240 total=2880 out=1760
  %4 = ttnn.repeat %c4_0 {repeats = array<i64: 1, 1, 4, 1>} : tensor<2x1x96x39xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<2x1x384x39xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x5, shard = 22x39>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=1568 l1=233472 total=235008 out=196608
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=1568 l1=214848 total=216384 out=196608
  %5 = ttnn.repeat %c5_0 {repeats = array<i64: 2, 1, 1, 3>} : tensor<2x4x768x32xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<4x4x768x96xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 8x4, shard = 12288x3>>
  return
}

// CHECK-LABEL: op constraints of @nothing_repeated
func.func @nothing_repeated(%c0_0: tensor<850x224xf32, #ttnn.layout<row_major, dram, interleaved, f32>>, %c1_0: tensor<100x70xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 25x70>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=1792 l1=12544 total=15232 out=12544
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=1792 l1=6272 total=8960 out=6272
  %0 = ttnn.repeat %c0_0 {repeats = array<i64: 1, 1>} : tensor<850x224xf32, #ttnn.layout<row_major, dram, interleaved, f32>> -> tensor<850x224xf32, #ttnn.layout<row_major, l1, interleaved, f32>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=288 l1=288 total=716 out=288
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=288 l1=144 total=572 out=144
  %1 = ttnn.repeat %c1_0 {repeats = array<i64: 1, 1>} : tensor<100x70xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 25x70>> -> tensor<100x70xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @native
func.func @native(%c0_0: tensor<672xf32, #ttnn.layout<l1, interleaved, f32>>, %c1_0: tensor<100x100xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=172032 l1=12160 total=182784 out=4096
  %0 = ttnn.repeat %c0_0 {repeats = array<i64: 3>} : tensor<672xf32, #ttnn.layout<l1, interleaved, f32>> -> tensor<2016xf32, #ttnn.layout<l1, interleaved, f32>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=31360 l1=0 total=31360 out=0
  %1 = ttnn.repeat %c1_0 {repeats = array<i64: 2, 3>} : tensor<100x100xbf16, #ttnn.layout<dram, interleaved, bfp8_b>> -> tensor<200x300xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>
  return
}

// A rank-1 row-major result into shards of rows that are not L1-aligned: the native route's
// interleaved_to_sharded fails (TT_FATAL "valid"; ttnn 0.81.1 on both mock devices, a random draw,
// seed 286767803; op_model_repeat_native_row_shards.mlir).
// CHECK-LABEL: op constraints of @rank1_unaligned_column_shard
func.func @rank1_unaligned_column_shard(%a: tensor<243xf32, #ttnn.layout<row_major, dram, interleaved, f32>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: backend_error: {{.*}}shard rows of 122 elements
  %0 = ttnn.repeat %a {repeats = array<i64: 2>} : tensor<243xf32, #ttnn.layout<row_major, dram, interleaved, f32>> -> tensor<486xf32, #ttnn.layout<row_major, l1, block_sharded, f32, grid = 1x4, shard = 1x122>>
  return
}
