// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.embedding into a sharded result: the output CB is the shard, so the fused program keeps only
// its weight CB (the shard's width in tiles) and the row-major program none. Figures measured on
// both mock devices (bench/opmodel_cases_data.py).

#ids = #ttnn.layout<row_major, dram, interleaved, u32>
#ids_ws = #ttnn.layout<row_major, l1, width_sharded, u32, grid = 8x8, shard = 1x64>
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#rm_hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 16x128>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x128>
#hs2080 = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 32x2080>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 4x8, shard = 256x32>
#out_rm_hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x128>
#out_rm_hs112 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x112>
#out_rm_ws = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 4x8, shard = 256x32>
#dram = #ttnn.layout<dram, interleaved, bf16>
#bs512 = #ttnn.layout<l1, block_sharded, bf16, grid = 8x1, shard = 512x128>

// CHECK-LABEL: op constraints of @tiled
// BH-LABEL: op constraints of @tiled
func.func @tiled(%i: tensor<1x4096xui32, #ids>, %j: tensor<1x256xui32, #ids>, %k: tensor<1x2048xui32, #ids>, %w: tensor<1000x128xbf16, #rm>, %wide: tensor<1000x1024xbf16, #rm>, %w65: tensor<1000x2080xbf16, #rm>) {
  // 4 tiles of weight, double-buffered (the interleaved program adds 8 output tiles: 32768 B).
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.embedding: success cb=16384 l1=16384 total=32896 out=16384 {{.*}} runtime={{[1-9][0-9]*}}ns
  // BH: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=16384 l1=16384 total=32896 out=16384
  %0 = ttnn.embedding %i, %w : tensor<1x4096xui32, #ids>, tensor<1000x128xbf16, #rm> -> tensor<1x4096x128xbf16, #hs>
  // Width shards of one tile: 2 x 1 weight tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=4096 l1=16384 total=20608 out=16384
  %1 = ttnn.embedding %j, %wide : tensor<1x256xui32, #ids>, tensor<1000x1024xbf16, #rm> -> tensor<1x256x1024xbf16, #ws>
  // 65 tiles per shard row: single-buffered.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=133120 l1=133120 total=266368 out=133120
  %2 = ttnn.embedding %k, %w65 : tensor<1x2048xui32, #ids>, tensor<1000x2080xbf16, #rm> -> tensor<1x2048x2080xbf16, #hs2080>
  return
}

// CHECK-LABEL: op constraints of @row_major
// BH-LABEL: op constraints of @row_major
func.func @row_major(%i: tensor<1x4096xui32, #ids>, %j: tensor<1x256xui32, #ids>, %w: tensor<1000x128xbf16, #rm>, %w112: tensor<1000x112xbf16, #rm>, %wide: tensor<1000x1024xbf16, #rm>) {
  // No CB; the index block stays (256 B on Wormhole's 32 B DRAM alignment, 512 B on Blackhole's 64 B).
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.embedding: success cb=0 l1=16384 total=16640 out=16384
  // BH: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=0 l1=16384 total=16896 out=16384
  %0 = ttnn.embedding %i, %w : tensor<1x4096xui32, #ids>, tensor<1000x128xbf16, #rm> -> tensor<1x4096x128xbf16, #out_rm_hs>
  // 224 B rows: the row aligned to Wormhole's 32 B DRAM alignment (of the indices) is the shard row,
  // aligned to Blackhole's 64 B it is longer.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.embedding: success cb=0 l1=14336 total=14592 out=14336
  // BH: :[[@LINE+1]]:{{.*}} ttnn.embedding: backend_error: ttnn.embedding: a row-major sharded result's 224 B rows aligned to the indices' 64 B do not fit its L1-aligned shard rows
  %1 = ttnn.embedding %i, %w112 : tensor<1x4096xui32, #ids>, tensor<1000x112xbf16, #rm> -> tensor<1x4096x112xbf16, #out_rm_hs112>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: backend_error: ttnn.embedding: the row-major program's sharded result must be height sharded, got row_major l1 width_sharded
  %2 = ttnn.embedding %j, %wide : tensor<1x256xui32, #ids>, tensor<1000x1024xbf16, #rm> -> tensor<1x256x1024xbf16, #out_rm_ws>
  return
}

// CHECK-LABEL: op constraints of @rejected
func.func @rejected(%i: tensor<1x4000xui32, #ids>, %j: tensor<1x4096xui32, #ids>, %s: tensor<1x4096xui32, #ids_ws>, %w: tensor<1000x128xbf16, #rm>, %ws: tensor<1024x128xbf16, #rm_hs>) {
  // 4000 rows in 64 shards of 64 leave a core idle: ttnn rejects this one (the indices do not fill
  // whole shards) but runs others (8x96 indices into 18 shards of 64), not modelled. Whole shards of
  // indices are needed (TT_FATAL): 8 block rows of 512 cover 4000 rows but do not divide them.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: not_implemented: ttnn.embedding: the output layout l1 height_sharded bf16 (grid 8x8, shard 64x128) leaves cores of its grid idle
  %0 = ttnn.embedding %i, %w : tensor<1x4000xui32, #ids>, tensor<1000x128xbf16, #rm> -> tensor<1x4000x128xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: backend_error: ttnn.embedding: 4000 indices do not fill whole shards of 512 rows
  %3 = ttnn.embedding %i, %w : tensor<1x4000xui32, #ids>, tensor<1000x128xbf16, #rm> -> tensor<1x4000x128xbf16, #bs512>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: backend_error: ttnn.embedding: the weight is row_major l1 height_sharded
  %1 = ttnn.embedding %j, %ws : tensor<1x4096xui32, #ids>, tensor<1024x128xbf16, #rm_hs> -> tensor<1x4096x128xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: not_implemented: ttnn.embedding: sharded indices are not modelled
  %2 = ttnn.embedding %s, %w : tensor<1x4096xui32, #ids_ws>, tensor<1000x128xbf16, #rm> -> tensor<1x4096x128xbf16, #dram>
  return
}
