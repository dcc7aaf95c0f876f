// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// The WH swap of a sharded row-major tensor into shards: unless both sides are height shards (ttnn's
// native sharded program may run), ttnn 0.81.1's interleaved transpose_wh program reads and writes
// the shards in place: CBs of 2 rows of Wt input tiles, 2 columns of Ht output tiles and the Ht x Wt
// tilized slice; the output holds the logical rows (into an interleaved tensor the rows the input's
// shards pad the width to are written too). Measured on both mock devices (fresh draw seed
// 269310732, transpose #10; the same figures for ttnn.permute of the swap).

#bs101 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 3x7, shard = 22x101>
#bs352 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x2, shard = 32x352>
#hs704 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x1, shard = 704x64>
#hs352 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x1, shard = 352x64>
#bs32 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x2, shard = 352x32>
#hs_in = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 2x1, shard = 64x96>
#ws_out = #ttnn.layout<row_major, l1, width_sharded, f32, grid = 1x2, shard = 192x32>
#rm_l1 = #ttnn.layout<row_major, l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @wh_into_shards
func.func @wh_into_shards(%a: tensor<1x1x64x704xbf16, #bs101>, %b: tensor<64x704xbf16, #bs352>, %e: tensor<2x64x96xf32, #hs_in>) {
  // Wt 22, Ht 2: (44 + 4 + 44) bf16 tiles; 704 rows of 64 in one shard.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=188416 l1=90112 total=278528 out=90112
  %0 = ttnn.transpose %a {dim0 = -2 : si32, dim1 = -1 : si32} : tensor<1x1x64x704xbf16, #bs101> -> tensor<1x1x704x64xbf16, #hs704>
  // Into L1 interleaved: 707 rows (704 padded to the 101-wide shards).
  // WH: :[[@LINE+2]]:{{.*}} ttnn.transpose: success cb=188416 l1=1536 total=189952 out=1536
  // BH: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=188416 l1=768 total=189184 out=768
  %1 = ttnn.transpose %a {dim0 = -2 : si32, dim1 = -1 : si32} : tensor<1x1x64x704xbf16, #bs101> -> tensor<1x1x704x64xbf16, #rm_l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=188416 l1=45056 total=233472 out=45056
  %2 = ttnn.transpose %b {dim0 = -2 : si32, dim1 = -1 : si32} : tensor<64x704xbf16, #bs352> -> tensor<704x64xbf16, #hs352>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=188416 l1=22528 total=210944 out=22528
  %3 = ttnn.transpose %b {dim0 = -2 : si32, dim1 = -1 : si32} : tensor<64x704xbf16, #bs352> -> tensor<704x64xbf16, #bs32>
  // Height shards into width shards: Wt 3, Ht 2 f32 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=65536 l1=24576 total=90112 out=24576
  %4 = ttnn.transpose %e {dim0 = -2 : si32, dim1 = -1 : si32} : tensor<2x64x96xf32, #hs_in> -> tensor<2x96x64xf32, #ws_out>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=188416 l1=45056 total=233472 out=45056
  %5 = ttnn.permute %b {permutation = array<i64: 1, 0>} : tensor<64x704xbf16, #bs352> -> tensor<704x64xbf16, #hs352>
  return
}
