// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// The WH swap of a sharded row-major input that ttnn 0.81.1 does not copy to L1 first (height
// shards; block or width shards of whole tiles) into an interleaved output: transpose.cpp runs the
// interleaved WH program on row-major pages (2 Wt + 2 Ht + Ht x Wt tiles) unless its budget passes
// the L1 below the input's shard, then the permute program's 32x32 blocks. Figures measured on both
// mock devices (probes over 310 shapes, bf16 and f32, ranks 2-4).

// CHECK-LABEL: op constraints of @wh
func.func @wh(%a: tensor<4x2x576x32xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 6x7, shard = 110x32>>, %b: tensor<1x1x582x864xf32, #ttnn.layout<row_major, l1, height_sharded, f32, grid = 5x3, shard = 39x864>>) {
  // Ht = 1, Wt = 18: 56 tiles.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.transpose: success cb=114688 l1=4608 total=119296 out=4608
  // BH: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=114688 l1=2304 total=116992 out=2304
  %0 = ttnn.transpose %a {dim0 = -2 : si32, dim1 = -1 : si32} : tensor<4x2x576x32xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 6x7, shard = 110x32>> -> tensor<4x2x32x576xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // A 608x864 f32 slice passes the budget: the permute program's blocks (ttnn.permute runs the same).
  // WH: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=24576 l1=32704 total=57280 out=32704
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=24576 l1=16352 total=40928 out=16352
  %1 = ttnn.permute %b {permutation = array<i64: 0, 1, 3, 2>} : tensor<1x1x582x864xf32, #ttnn.layout<row_major, l1, height_sharded, f32, grid = 5x3, shard = 39x864>> -> tensor<1x1x864x582xf32, #ttnn.layout<row_major, l1, interleaved, f32>>
  return
}

// CHECK-LABEL: op constraints of @limits
func.func @limits(%a: tensor<288x914xf32, #ttnn.layout<row_major, l1, height_sharded, f32, grid = 2x5, shard = 29x914>>, %b: tensor<1x224x896xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 5x6, shard = 45x150>>) {
  // Within the budget, but 337 whole f32 tiles of CBs reach the input's shard: ttnn throws.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: out_of_memory
  %0 = ttnn.transpose %a {dim0 = -2 : si32, dim1 = -1 : si32} : tensor<288x914xf32, #ttnn.layout<row_major, l1, height_sharded, f32, grid = 2x5, shard = 29x914>> -> tensor<914x288xf32, #ttnn.layout<row_major, dram, interleaved, f32>>
  // Block shards that do not divide the rows pad them to 900, and the WH program's result keeps 900
  // rows (the permute blocks would write 896).
  // WH: :[[@LINE+2]]:{{.*}} ttnn.transpose: success cb=544768 l1=6720 total=551488 out=6720
  // BH: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=544768 l1=3136 total=547904 out=3136
  %1 = ttnn.transpose %b {dim0 = -2 : si32, dim1 = -1 : si32} : tensor<1x224x896xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 5x6, shard = 45x150>> -> tensor<1x896x224xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  return
}
