// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.rotary_embedding: the single-tile program (Wt = 1: a transformation
// matrix, bfp8_b for a bfp8_b input), ttnn's own placement of a sharded output
// (the input's shards, or the largest core count dividing the tile rows),
// sharded tables and ttnn's rejections (a head dim of 3 tiles, rows not a
// multiple of the shard height). Figures: the calibration harness's mock-
// device ones (both devices).

// rotary_embedding 1x1x2144x64 dram->hs_4x4
// CHECK-LABEL: op constraints of @rotary_embedding_1x1x2144x64_dram_hs_4x4_0
// BH-LABEL: op constraints of @rotary_embedding_1x1x2144x64_dram_hs_4x4_0
func.func @rotary_embedding_1x1x2144x64_dram_hs_4x4_0(%a0: tensor<1x1x2144x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a1: tensor<1x1x2144x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x2144x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.rotary_embedding: success cb=40960 l1=274432 total=315392 out=274432
  // BH: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=40960 l1=4096 total=45056 out=4096
  %r = ttnn.rotary_embedding %a0, %a1, %a2 : tensor<1x1x2144x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x2144x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x2144x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x2144x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 4x4, shard = 128x64>>
  return
}

// rotary_embedding 1x1x3200x64 dram->hs_4x4
// CHECK-LABEL: op constraints of @rotary_embedding_1x1x3200x64_dram_hs_4x4_1
// BH-LABEL: op constraints of @rotary_embedding_1x1x3200x64_dram_hs_4x4_1
func.func @rotary_embedding_1x1x3200x64_dram_hs_4x4_1(%a0: tensor<1x1x3200x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a1: tensor<1x1x3200x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x3200x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.rotary_embedding: success cb=40960 l1=8192 total=49152 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=40960 l1=4096 total=45056 out=4096
  %r = ttnn.rotary_embedding %a0, %a1, %a2 : tensor<1x1x3200x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x3200x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x3200x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x3200x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 4x4, shard = 128x64>>
  return
}

// rotary_embedding 1x8x1024x64 hs_rows->hs_4x4
// CHECK-LABEL: op constraints of @rotary_embedding_1x8x1024x64_hs_rows_hs_4x4_2
// BH-LABEL: op constraints of @rotary_embedding_1x8x1024x64_hs_rows_hs_4x4_2
func.func @rotary_embedding_1x8x1024x64_hs_rows_hs_4x4_2(%a0: tensor<1x8x1024x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 128x64>>, %a1: tensor<1x1x1024x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1024x64xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.rotary_embedding: success cb=32768 l1=16384 total=49152 out=16384
  // BH: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=32768 l1=16384 total=49152 out=16384
  %r = ttnn.rotary_embedding %a0, %a1, %a2 : tensor<1x8x1024x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 128x64>>, tensor<1x1x1024x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1024x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x8x1024x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 4x4, shard = 128x64>>
  return
}

// rotary_embedding 1x2x64x32 l1->l1 bfp8_b
// CHECK-LABEL: op constraints of @rotary_embedding_1x2x64x32_l1_l1_bfp8_b_3
// BH-LABEL: op constraints of @rotary_embedding_1x2x64x32_l1_l1_bfp8_b_3
func.func @rotary_embedding_1x2x64x32_l1_l1_bfp8_b_3(%a0: tensor<1x2x64x32xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, %a1: tensor<1x1x64x32xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, %a2: tensor<1x1x64x32xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.rotary_embedding: success cb=13056 l1=1088 total=14144 out=1088
  // BH: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=13056 l1=1088 total=14144 out=1088
  %r = ttnn.rotary_embedding %a0, %a1, %a2 : tensor<1x2x64x32xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, tensor<1x1x64x32xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, tensor<1x1x64x32xbf16, #ttnn.layout<l1, interleaved, bfp8_b>> -> tensor<1x2x64x32xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>
  return
}

// rotary_embedding 1x2x64x32 l1->l1 f32 tables bf16
// CHECK-LABEL: op constraints of @rotary_embedding_1x2x64x32_l1_l1_f32_tables_bf16_4
// BH-LABEL: op constraints of @rotary_embedding_1x2x64x32_l1_l1_f32_tables_bf16_4
func.func @rotary_embedding_1x2x64x32_l1_l1_f32_tables_bf16_4(%a0: tensor<1x2x64x32xf32, #ttnn.layout<l1, interleaved, f32>>, %a1: tensor<1x1x64x32xbf16, #ttnn.layout<l1, interleaved, bf16>>, %a2: tensor<1x1x64x32xbf16, #ttnn.layout<l1, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.rotary_embedding: success cb=38912 l1=4096 total=43008 out=4096
  // BH: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=38912 l1=4096 total=43008 out=4096
  %r = ttnn.rotary_embedding %a0, %a1, %a2 : tensor<1x2x64x32xf32, #ttnn.layout<l1, interleaved, f32>>, tensor<1x1x64x32xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<1x1x64x32xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<1x2x64x32xf32, #ttnn.layout<l1, interleaved, f32>>
  return
}

// rotary_embedding 1x2x64x32 l1->l1 f32
// CHECK-LABEL: op constraints of @rotary_embedding_1x2x64x32_l1_l1_f32_5
// BH-LABEL: op constraints of @rotary_embedding_1x2x64x32_l1_l1_f32_5
func.func @rotary_embedding_1x2x64x32_l1_l1_f32_5(%a0: tensor<1x2x64x32xf32, #ttnn.layout<l1, interleaved, f32>>, %a1: tensor<1x1x64x32xf32, #ttnn.layout<l1, interleaved, f32>>, %a2: tensor<1x1x64x32xf32, #ttnn.layout<l1, interleaved, f32>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.rotary_embedding: success cb=47104 l1=4096 total=51200 out=4096
  // BH: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=47104 l1=4096 total=51200 out=4096
  %r = ttnn.rotary_embedding %a0, %a1, %a2 : tensor<1x2x64x32xf32, #ttnn.layout<l1, interleaved, f32>>, tensor<1x1x64x32xf32, #ttnn.layout<l1, interleaved, f32>>, tensor<1x1x64x32xf32, #ttnn.layout<l1, interleaved, f32>> -> tensor<1x2x64x32xf32, #ttnn.layout<l1, interleaved, f32>>
  return
}

// rotary_embedding 1x8x128x80 l1->l1 (a head dim of 3 tiles)
// CHECK-LABEL: op constraints of @rotary_embedding_1x8x128x80_l1_l1_a_head_dim_of_3_tiles_6
// BH-LABEL: op constraints of @rotary_embedding_1x8x128x80_l1_l1_a_head_dim_of_3_tiles_6
func.func @rotary_embedding_1x8x128x80_l1_l1_a_head_dim_of_3_tiles_6(%a0: tensor<1x8x128x80xbf16, #ttnn.layout<l1, interleaved, bf16>>, %a1: tensor<1x1x128x80xbf16, #ttnn.layout<l1, interleaved, bf16>>, %a2: tensor<1x1x128x80xbf16, #ttnn.layout<l1, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.rotary_embedding: backend_error
  // BH: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: backend_error
  %r = ttnn.rotary_embedding %a0, %a1, %a2 : tensor<1x8x128x80xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<1x1x128x80xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<1x1x128x80xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<1x8x128x80xbf16, #ttnn.layout<l1, interleaved, bf16>>
  return
}

// rotary_embedding 1x16x1184x48 hs 6x3 (rows not a multiple of the shard height)
// CHECK-LABEL: op constraints of @rotary_embedding_1x16x1184x48_hs_6x3_rows_not_a_multiple_of__7
// BH-LABEL: op constraints of @rotary_embedding_1x16x1184x48_hs_6x3_rows_not_a_multiple_of__7
func.func @rotary_embedding_1x16x1184x48_hs_6x3_rows_not_a_multiple_of__7(%a0: tensor<1x16x1184x48xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 6x3, shard = 1056x64>>, %a1: tensor<1x1x1184x48xbf16, #ttnn.layout<l1, interleaved, bf16>>, %a2: tensor<1x1x1184x48xbf16, #ttnn.layout<l1, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.rotary_embedding: backend_error
  // BH: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: backend_error
  %r = ttnn.rotary_embedding %a0, %a1, %a2 : tensor<1x16x1184x48xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 6x3, shard = 1056x64>>, tensor<1x1x1184x48xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<1x1x1184x48xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<1x16x1184x48xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 6x3, shard = 1056x64>>
  return
}

#bs_f32 = #ttnn.layout<l1, block_sharded, f32, grid = 5x1, shard = 576x128>
#hs_tab = #ttnn.layout<l1, height_sharded, f32, grid = 4x1, shard = 96x128>

// The input's shard height must divide its tile-padded rows, block shards too (ttnn 0.81.1's
// TT_FATAL, rotary_embedding_device_operation.cpp; measured on both devices: 8 x 352 rows in 576-row
// shards).
// CHECK-LABEL: op constraints of @block_shard_rows
func.func @block_shard_rows(%x: tensor<1x8x348x128xf32, #bs_f32>, %t: tensor<1x1x348x128xf32, #hs_tab>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: backend_error: ttnn.rotary_embedding: the input's 2816 rows are not a multiple of its shard height 576
  %0 = ttnn.rotary_embedding %x, %t, %t : tensor<1x8x348x128xf32, #bs_f32>, tensor<1x1x348x128xf32, #hs_tab>, tensor<1x1x348x128xf32, #hs_tab> -> tensor<1x8x348x128xf32, #bs_f32>
  return
}

#bs_w64 = #ttnn.layout<l1, block_sharded, bf16, grid = 2x4, shard = 2304x64>
#l1_tab = #ttnn.layout<l1, interleaved, bf16>
#dram_out = #ttnn.layout<dram, interleaved, bf16>

// A sharded input's shards span the padded head dim (ttnn 0.81.1's TT_FATAL; measured on both devices:
// 64-column block shards of a 256 head dim).
// CHECK-LABEL: op constraints of @block_shard_width
func.func @block_shard_width(%x: tensor<1x16x279x256xbf16, #bs_w64>, %t: tensor<1x1x279x256xbf16, #l1_tab>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: backend_error: ttnn.rotary_embedding: the input's shards are 64 wide, not its padded head dim 256
  %0 = ttnn.rotary_embedding %x, %t, %t : tensor<1x16x279x256xbf16, #bs_w64>, tensor<1x1x279x256xbf16, #l1_tab>, tensor<1x1x279x256xbf16, #l1_tab> -> tensor<1x16x279x256xbf16, #dram_out>
  return
}

#dram_x = #ttnn.layout<dram, interleaved, bf16>

// Tables whose head dim pads to the input's tiles (16 and 32 columns, 48 and 64): ttnn runs them with
// the CBs of full-width tables (measured on both devices).
// CHECK-LABEL: op constraints of @padded_table_width
func.func @padded_table_width(%x: tensor<2x4x864x32xbf16, #dram_x>, %t: tensor<1x1x864x16xbf16, #l1_tab>, %y: tensor<1x2x64x64xbf16, #dram_x>, %u: tensor<1x1x64x48xbf16, #l1_tab>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=24576 l1=0 total=24576 out=0
  %0 = ttnn.rotary_embedding %x, %t, %t : tensor<2x4x864x32xbf16, #dram_x>, tensor<1x1x864x16xbf16, #l1_tab>, tensor<1x1x864x16xbf16, #l1_tab> -> tensor<2x4x864x32xbf16, #dram_out>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=49152 l1=0 total=49152 out=0
  %1 = ttnn.rotary_embedding %y, %u, %u : tensor<1x2x64x64xbf16, #dram_x>, tensor<1x1x64x48xbf16, #l1_tab>, tensor<1x1x64x48xbf16, #l1_tab> -> tensor<1x2x64x64xbf16, #dram_out>
  return
}
