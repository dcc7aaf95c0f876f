// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.concat beyond tile-aligned concat dimensions (concat.cpp and its factories, measured on both mock
// devices): the tiled unaligned width program (3 x (inputs' + output's Wt) tiles); untilize with unpadding,
// a row-major concat and a tilize for a padded concat dimension or rank 1 (bfp8_b comes out bf16); the
// row-major program (2 aligned output rows); transposes around rows that are not whole alignment units.

// CHECK-LABEL: op constraints of @tiled_unaligned
func.func @tiled_unaligned(%c0_0: tensor<512x163xbf16, #ttnn.layout<dram, interleaved, bf16>>, %c0_1: tensor<512x96xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c0_2: tensor<512x10xbf16, #ttnn.layout<dram, interleaved, bf16>>, %c1_0: tensor<1x1x640x577xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c1_1: tensor<1x1x640x577xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c2_0: tensor<2x64x50xf32, #ttnn.layout<l1, interleaved, f32>>, %c2_1: tensor<2x64x30xf32, #ttnn.layout<l1, interleaved, f32>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=116736 l1=0 total=116736 out=0
  %0 = ttnn.concat %c0_0, %c0_1, %c0_2 {dim = -1 : si32} : tensor<512x163xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<512x96xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<512x10xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<512x269xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=460800 l1=24576 total=485376 out=24576
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=460800 l1=12288 total=473088 out=12288
  %1 = ttnn.concat %c1_0, %c1_1 {dim = 3 : si32} : tensor<1x1x640x577xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<1x1x640x577xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<1x1x640x1154xbf16, #ttnn.layout<l1, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=73728 l1=4096 total=77824 out=4096
  %2 = ttnn.concat %c2_0, %c2_1 {dim = 2 : si32} : tensor<2x64x50xf32, #ttnn.layout<l1, interleaved, f32>>, tensor<2x64x30xf32, #ttnn.layout<l1, interleaved, f32>> -> tensor<2x64x80xf32, #ttnn.layout<l1, interleaved, f32>>
  return
}

// CHECK-LABEL: op constraints of @through_row_major
func.func @through_row_major(%c0_0: tensor<288xf32, #ttnn.layout<l1, interleaved, f32>>, %c0_1: tensor<544xf32, #ttnn.layout<dram, interleaved, f32>>, %c1_0: tensor<100x96xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c1_1: tensor<37x96xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c2_0: tensor<2x50x70xbf16, #ttnn.layout<dram, interleaved, bf16>>, %c2_1: tensor<2x30x70xbf16, #ttnn.layout<dram, interleaved, bf16>>, %c3_0: tensor<64x128xbf16, #ttnn.layout<dram, interleaved, bf16>>, %c3_1: tensor<2x128xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c3_2: tensor<64x128xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c3_3: tensor<64x128xbf16, #ttnn.layout<dram, interleaved, bf16>>, %c4_0: tensor<64x50xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, %c4_1: tensor<64x30xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=212992 l1=8576 total=221568 out=4096
  %0 = ttnn.concat %c0_0, %c0_1 {dim = -1 : si32} : tensor<288xf32, #ttnn.layout<l1, interleaved, f32>>, tensor<544xf32, #ttnn.layout<dram, interleaved, f32>> -> tensor<832xf32, #ttnn.layout<l1, interleaved, f32>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=12288 l1=3200 total=15488 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=12288 l1=2816 total=15104 out=2048
  %1 = ttnn.concat %c1_0, %c1_1 {dim = -2 : si32} : tensor<100x96xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<37x96xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<137x96xbf16, #ttnn.layout<l1, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=12288 l1=0 total=12288 out=0
  %2 = ttnn.concat %c2_0, %c2_1 {dim = 1 : si32} : tensor<2x50x70xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<2x30x70xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<2x80x70xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=16384 l1=3584 total=19968 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=16384 l1=3072 total=19456 out=2048
  %3 = ttnn.concat %c3_0, %c3_1, %c3_2, %c3_3 {dim = 0 : si32} : tensor<64x128xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<2x128xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<64x128xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<64x128xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<194x128xbf16, #ttnn.layout<l1, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=12288 l1=2592 total=14880 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=12288 l1=2464 total=14752 out=2048
  %4 = ttnn.concat %c4_0, %c4_1 {dim = 1 : si32} : tensor<64x50xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, tensor<64x30xbf16, #ttnn.layout<dram, interleaved, bfp8_b>> -> tensor<64x80xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>
  return
}

// CHECK-LABEL: op constraints of @row_major
func.func @row_major(%c0_0: tensor<64x451xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %c0_1: tensor<101x451xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %c1_0: tensor<1x825x428xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %c1_1: tensor<1x463x428xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c2_0: tensor<100x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c2_1: tensor<100x32xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=1824 l1=2736 total=4560 out=2736
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=1824 l1=1824 total=3648 out=1824
  %0 = ttnn.concat %c0_0, %c0_1 {dim = -2 : si32} : tensor<64x451xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, tensor<101x451xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<165x451xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=1728 l1=18144 total=19872 out=18144
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=1728 l1=8640 total=10368 out=8640
  %1 = ttnn.concat %c1_0, %c1_1 {dim = 1 : si32} : tensor<1x825x428xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, tensor<1x463x428xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<1x1288x428xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=384 l1=0 total=384 out=0
  %2 = ttnn.concat %c2_0, %c2_1 {dim = 1 : si32} : tensor<100x64xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<100x32xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<100x96xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @transposed
func.func @transposed(%c0_0: tensor<100x63xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c0_1: tensor<100x33xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c1_0: tensor<63xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c1_1: tensor<33xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c2_0: tensor<3x300x63xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %c2_1: tensor<3x300x99xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c3_0: tensor<5xf32, #ttnn.layout<row_major, l1, interleaved, f32>>, %c3_1: tensor<7xf32, #ttnn.layout<row_major, l1, interleaved, f32>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=12288 l1=0 total=12288 out=0
  %0 = ttnn.concat %c0_0, %c0_1 {dim = 1 : si32} : tensor<100x63xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<100x33xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<100x96xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=12288 l1=0 total=12288 out=0
  %1 = ttnn.concat %c1_0, %c1_1 {dim = 0 : si32} : tensor<63xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<33xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<96xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=12288 l1=11728 total=24016 out=5040
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=12288 l1=6000 total=18288 out=2352
  %2 = ttnn.concat %c2_0, %c2_1 {dim = 2 : si32} : tensor<3x300x63xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, tensor<3x300x99xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<3x300x162xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=24576 l1=96 total=24672 out=48
  %3 = ttnn.concat %c3_0, %c3_1 {dim = 0 : si32} : tensor<5xf32, #ttnn.layout<row_major, l1, interleaved, f32>>, tensor<7xf32, #ttnn.layout<row_major, l1, interleaved, f32>> -> tensor<12xf32, #ttnn.layout<row_major, l1, interleaved, f32>>
  return
}

// CHECK-LABEL: op constraints of @rank1_shards
func.func @rank1_shards(%c0_0: tensor<640xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x640>>, %c0_1: tensor<640xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x640>>, %c0_2: tensor<640xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x640>>) {
  // Rank-1 shards: TT_FATAL.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error
  %0 = ttnn.concat %c0_0, %c0_1, %c0_2 {dim = 0 : si32} : tensor<640xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x640>>, tensor<640xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x640>>, tensor<640xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x640>> -> tensor<1920xbf16, #ttnn.layout<l1, interleaved, bf16>>
  return
}
