// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// `matrix_rows` takes a block's rows from several matrices of a batched tensor: here tile row 1
// of both matrices of a 2 x 64 x 96 tensor (2 tile rows each): stacked rows 1 and 3.

!t3 = tensor<2x64x96xbf16, #ttl.layout<dram, interleaved, tiled>>
!d = !ttl.dfb<2x3xbf16, 2>
!blk = !ttl.block<2x3xbf16>

// CHECK-LABEL: func.func @row_one_of_each_matrix
// CHECK: ttl.load_tiles %arg0[%{{.*}}, %{{.*}}], %{{.*}} {matrix_rows = 1 : i64} : tensor<2x64x96xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<2x3xbf16>
// CHECK: ttl.store_tiles %{{.*}}, %arg1[%{{.*}}, %{{.*}}] {matrix_rows = 1 : i64} : !ttl.block<2x3xbf16>, tensor<2x64x96xbf16, #ttl.layout<dram, interleaved, tiled>>
func.func @row_one_of_each_matrix(%in: !t3, %out: !t3) attributes {ttl.grid = array<i64: 1, 1>} {
  %dfb = ttl.create_dfb : !d
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = ttl.reserve %dfb : !d -> !blk
  %tx = ttl.load_tiles %in[%c1, %c0], %r {matrix_rows = 1 : i64} : !t3, !blk
  ttl.transfer_wait %tx
  ttl.push %r : !blk
  %w = ttl.wait %dfb : !d -> !blk
  %ty = ttl.store_tiles %w, %out[%c1, %c0] {matrix_rows = 1 : i64} : !blk, !t3
  ttl.transfer_wait %ty
  ttl.pop %w : !blk
  return
}
