// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.permute of a sharded row-major input that ttnn 0.81.1 does not copy first, by a permutation
// that is neither one of its transposes (WH, HC, CN) nor a chain (or of rank 5): permute.cpp runs the
// row-major permute programs on the shards as they are, with their interleaved CBs (rows: 2 pages of
// a row; else 3 CBs of 32x32 blocks), into interleaved or sharded outputs. Figures measured on both
// mock devices (probes over 220 permutations, ranks 3-5, bf16 and f32).

// CHECK-LABEL: op constraints of @direct
func.func @direct(%a: tensor<3x2x896x96xf32, #ttnn.layout<row_major, l1, height_sharded, f32, grid = 7x8, shard = 96x96>>, %b: tensor<1x2x896x160xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 5x4, shard = 1792x8>>, %c: tensor<1x1x4x512x224xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 8x2, shard = 2048x14>>, %d: tensor<3x2x160x256xf32, #ttnn.layout<row_major, l1, block_sharded, f32, grid = 2x2, shard = 480x128>>) {
  // The last dimension stays: 2 pages of a 384 B row.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=768 l1=32256 total=33024 out=32256
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=768 l1=16128 total=16896 out=16128
  %0 = ttnn.permute %a {permutation = array<i64: 2, 1, 0, 3>} : tensor<3x2x896x96xf32, #ttnn.layout<row_major, l1, height_sharded, f32, grid = 7x8, shard = 96x96>> -> tensor<896x2x3x96xf32, #ttnn.layout<row_major, l1, interleaved, f32>>
  // The last dimension moves: 32x32 blocks.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=12288 l1=8960 total=21248 out=8960
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=12288 l1=5376 total=17664 out=5376
  %1 = ttnn.permute %b {permutation = array<i64: 3, 1, 0, 2>} : tensor<1x2x896x160xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 5x4, shard = 1792x8>> -> tensor<160x2x1x896xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // Rank 5: the rows program's pages are whole 448 B rows, not the 28 B shard rows.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=896 l1=14336 total=15232 out=14336
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=896 l1=7168 total=8064 out=7168
  %2 = ttnn.permute %c {permutation = array<i64: 0, 2, 3, 1, 4>} : tensor<1x1x4x512x224xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 8x2, shard = 2048x14>> -> tensor<1x4x512x1x224xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // Into height shards of L1-aligned 640 B rows.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=24576 l1=35200 total=59776 out=35200
  %3 = ttnn.permute %d {permutation = array<i64: 3, 1, 0, 2>} : tensor<3x2x160x256xf32, #ttnn.layout<row_major, l1, block_sharded, f32, grid = 2x2, shard = 480x128>> -> tensor<256x2x3x160xf32, #ttnn.layout<row_major, l1, height_sharded, f32, grid = 7x4, shard = 55x160>>
  return
}
