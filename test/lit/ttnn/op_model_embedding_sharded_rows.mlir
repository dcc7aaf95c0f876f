// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.embedding into row-major height shards writes whole weight rows, aligned to the indices buffer's
// alignment, into the L1-aligned shard rows (ttnn 0.81.1's row-major program fails when they differ);
// the fused program's shard width divides the table's width. Figures measured on the mock devices
// (bench/opmodel_cases_data.py).

#ids = #ttnn.layout<row_major, dram, interleaved, u32>
#ids_l1 = #ttnn.layout<row_major, l1, interleaved, u32>
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#hs120 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x1, shard = 32x120>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x6, shard = 768x64>

// CHECK-LABEL: op constraints of @sharded_rows
func.func @sharded_rows(%i: tensor<1x256xui32, #ids>, %j: tensor<1x256xui32, #ids_l1>, %k: tensor<8x96xui32, #ids_l1>, %w: tensor<100x120xbf16, #rm>, %t: tensor<769x352xbf16, #rm>) {
  // 240 B rows: L1 indices align them to 16 B, the shard rows' own alignment.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=0 l1=7680 total=7808 out=7680
  %0 = ttnn.embedding %j, %w : tensor<1x256xui32, #ids_l1>, tensor<100x120xbf16, #rm> -> tensor<1x256x120xbf16, #hs120>
  // DRAM indices align them to 32 B: 256 B rows do not fit 240 B shard rows.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: backend_error: ttnn.embedding: a row-major sharded result's 240 B rows aligned to the indices' 32 B do not fit its L1-aligned shard rows
  %1 = ttnn.embedding %i, %w : tensor<1x256xui32, #ids>, tensor<100x120xbf16, #rm> -> tensor<1x256x120xbf16, #hs120>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: backend_error: ttnn.embedding: the table's 352 columns are not whole shards of 64
  %2 = ttnn.embedding %k, %t : tensor<8x96xui32, #ids_l1>, tensor<769x352xbf16, #rm> -> tensor<8x96x352xbf16, #ws>
  return
}

#hs47 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x6, shard = 47x64>

#hs47w = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x6, shard = 47x1504>

// The row-major program runs with a partial last shard (1,952 indices in shards of 47 rows on a
// 7x6 grid) with the figures of whole shards: 47 rows of 128 B and of 3008 B, and the indices'
// page of scratchpad (measured on the mock Wormhole).
// CHECK-LABEL: op constraints of @partial_last_shard
func.func @partial_last_shard(%i: tensor<1x1952xui32, #ids>, %w: tensor<100x64xbf16, #rm>, %v: tensor<100x1504xbf16, #rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=0 l1=6016 total=6272 out=6016
  %0 = ttnn.embedding %i, %w : tensor<1x1952xui32, #ids>, tensor<100x64xbf16, #rm> -> tensor<1x1952x64xbf16, #hs47>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=0 l1=141376 total=141632 out=141376
  %1 = ttnn.embedding %i, %v : tensor<1x1952xui32, #ids>, tensor<100x1504xbf16, #rm> -> tensor<1x1952x1504xbf16, #hs47w>
  return
}

#bs558 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 7x8, shard = 558x188>

// ttnn validates the memory layout before running: a partial last shard of block shards is its
// TT_FATAL (embedding_device_operation.cpp; measured on both devices, 3,904 indices in 558-row shards).
// CHECK-LABEL: op constraints of @partial_block_shards
func.func @partial_block_shards(%i: tensor<1x3904xui32, #ids_l1>, %w: tensor<2792x1502xbf16, #rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: backend_error: ttnn.embedding: the row-major program's sharded result must be height sharded
  %0 = ttnn.embedding %i, %w : tensor<1x3904xui32, #ids_l1>, tensor<2792x1502xbf16, #rm> -> tensor<1x3904x1502xbf16, #bs558>
  return
}
