// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.to_layout with a sharded side and a shape that is not a tile multiple (measured on both mock devices):
// row-major shards pad a row to whole tiles; height shards of padded rows run ttnn's pad (one row of dataflow
// buffer, the padded rows on the input's shards) then the tilize; other shards tilize with value padding;
// interleaved tensors into shards; untilize with unpadding out of shards; output shards may leave cores idle.

// CHECK-LABEL: op constraints of @row_major_shards
func.func @row_major_shards(%c0_0: tensor<544x326xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 3x1, shard = 192x352>>, %c1_0: tensor<544x326xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 3x1, shard = 192x352>>, %c2_0: tensor<2x320x470xf32, #ttnn.layout<row_major, l1, height_sharded, f32, grid = 5x1, shard = 128x480>>, %c3_0: tensor<2x3x712x203xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 4x7, shard = 1088x32>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=0 l1=135168 total=135168 out=135168
  %0 = ttnn.to_layout %c0_0 : tensor<544x326xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 3x1, shard = 192x352>> -> tensor<544x326xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 4x4, shard = 160x96>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=45056 l1=67584 total=112640 out=67584
  %1 = ttnn.to_layout %c1_0 : tensor<544x326xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 3x1, shard = 192x352>> -> tensor<544x326xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x1, shard = 96x352>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=122880 l1=0 total=122880 out=0
  %2 = ttnn.to_layout %c2_0 : tensor<2x320x470xf32, #ttnn.layout<row_major, l1, height_sharded, f32, grid = 5x1, shard = 128x480>> -> tensor<2x320x470xf32, #ttnn.layout<dram, interleaved, f32>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=28672 l1=0 total=28672 out=0
  %3 = ttnn.to_layout %c3_0 : tensor<2x3x712x203xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 4x7, shard = 1088x32>> -> tensor<2x3x712x203xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @padded_height_shards
func.func @padded_height_shards(%c0_0: tensor<4x201x640xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x7, shard = 128x640>>, %c1_0: tensor<4x201x640xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x7, shard = 128x640>>, %c2_0: tensor<4x201x640xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x7, shard = 128x640>>, %c3_0: tensor<3x70x64xf32, #ttnn.layout<row_major, l1, height_sharded, f32, grid = 1x7, shard = 32x64>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=81920 l1=163840 total=245760 out=0
  %0 = ttnn.to_layout %c0_0 : tensor<4x201x640xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x7, shard = 128x640>> -> tensor<4x201x640xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_layout: success cb=40960 l1=182272 total=223232 out=18432
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=40960 l1=174080 total=215040 out=10240
  %1 = ttnn.to_layout %c1_0 : tensor<4x201x640xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x7, shard = 128x640>> -> tensor<4x201x640xbf16, #ttnn.layout<l1, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=1280 l1=327680 total=328960 out=163840
  %2 = ttnn.to_layout %c2_0 : tensor<4x201x640xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x7, shard = 128x640>> -> tensor<4x201x640xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x7, shard = 128x640>>
  // The padded rows outgrow the shards: TT_FATAL.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: backend_error
  %3 = ttnn.to_layout %c3_0 : tensor<3x70x64xf32, #ttnn.layout<row_major, l1, height_sharded, f32, grid = 1x7, shard = 32x64>> -> tensor<3x70x64xf32, #ttnn.layout<dram, interleaved, f32>>
  return
}

// CHECK-LABEL: op constraints of @value_padding
func.func @value_padding(%c0_0: tensor<597x480xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 4x5, shard = 160x96>>, %c1_0: tensor<2x300x470xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 5x5, shard = 128x96>>, %c2_0: tensor<2x597x480xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %c3_0: tensor<597x470xf32, #ttnn.layout<row_major, dram, interleaved, f32>>, %c4_0: tensor<3x384x960xf32, #ttnn.layout<row_major, dram, interleaved, f32>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=61440 l1=0 total=61440 out=0
  %0 = ttnn.to_layout %c0_0 : tensor<597x480xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 4x5, shard = 160x96>> -> tensor<597x480xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=61440 l1=24576 total=86016 out=24576
  %1 = ttnn.to_layout %c1_0 : tensor<2x300x470xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 5x5, shard = 128x96>> -> tensor<2x300x470xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 5x5, shard = 128x96>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=61440 l1=307200 total=368640 out=307200
  %2 = ttnn.to_layout %c2_0 : tensor<2x597x480xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<2x597x480xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 4x1, shard = 320x480>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=122880 l1=61440 total=184320 out=61440
  %3 = ttnn.to_layout %c3_0 : tensor<597x470xf32, #ttnn.layout<row_major, dram, interleaved, f32>> -> tensor<597x470xf32, #ttnn.layout<l1, block_sharded, f32, grid = 4x5, shard = 160x96>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=245760 l1=245760 total=491520 out=245760
  %4 = ttnn.to_layout %c4_0 : tensor<3x384x960xf32, #ttnn.layout<row_major, dram, interleaved, f32>> -> tensor<3x384x960xf32, #ttnn.layout<l1, height_sharded, f32, grid = 6x5, shard = 64x960>>
  return
}

// CHECK-LABEL: op constraints of @unpadding_shards
func.func @unpadding_shards(%c0_0: tensor<2x597x480xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c1_0: tensor<597x480xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 5x1, shard = 128x480>>, %c2_0: tensor<597x480xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 5x5, shard = 128x96>>, %c3_0: tensor<2x300x470xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 5x5, shard = 128x96>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=61440 l1=307200 total=368640 out=307200
  %0 = ttnn.to_layout %c0_0 : tensor<2x597x480xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<2x597x480xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 320x480>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=61440 l1=0 total=61440 out=0
  %1 = ttnn.to_layout %c1_0 : tensor<597x480xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 5x1, shard = 128x480>> -> tensor<597x480xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=12288 l1=0 total=12288 out=0
  %2 = ttnn.to_layout %c2_0 : tensor<597x480xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 5x5, shard = 128x96>> -> tensor<597x480xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  // Batched block shards into an interleaved tensor: TT_FATAL.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: backend_error
  %3 = ttnn.to_layout %c3_0 : tensor<2x300x470xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 5x5, shard = 128x96>> -> tensor<2x300x470xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>
  return
}

// Untilize with unpadding out of shards into shards of another memory layout, but block and width
// shards of one shard width into each other: TT_FATAL (same_type || cross_to_block; measured on both
// mock devices). Into its own memory layout ttnn derives the shards on the input's grid (here
// 256x192: all rows, the input's shard width); its middle CB holds two input shards of output tiles.
// CHECK-LABEL: op constraints of @unpadding_into_shards
func.func @unpadding_into_shards(%a: tensor<1x256x967xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 3x2, shard = 256x192>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: backend_error: {{.*}}with unpadding into the same memory layout, or block and width shards of one shard width
  %0 = ttnn.to_layout %a : tensor<1x256x967xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 3x2, shard = 256x192>> -> tensor<1x256x967xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x4, shard = 64x992>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=196608 l1=98304 total=294912 out=98304 layouts=[#ttnn.layout<row_major, l1, width_sharded, bf16, grid = 3x2, shard = 256x192>]
  %1 = ttnn.to_layout %a : tensor<1x256x967xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 3x2, shard = 256x192>> -> tensor<1x256x967xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 3x2, shard = 256x192>>
  // The asked shards must be whole tiles all the same (shard_align_error; stress seed 554295409 #21).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: backend_error: ttnn.to_layout: the output shard shape 256x17 is not a multiple of the 32x32 tile
  %2 = ttnn.to_layout %a : tensor<1x256x967xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 3x2, shard = 256x192>> -> tensor<1x256x967xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 3x2, shard = 256x17>>
  return
}
