// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// A tensor of rank > 2 is a batch of matrices: tile copies address its tiles as one grid, the
// matrices stacked along the rows (2 x 64 x 96 elements: 4 x 3 tiles).

!t3 = tensor<2x64x96xbf16, #ttl.layout<dram, interleaved, tiled>>
!d = !ttl.dfb<2x3xbf16, 2>
!blk = !ttl.block<2x3xbf16>

// CHECK-LABEL: func.func @second_matrix
// CHECK: ttl.load_tiles %arg0[%{{.*}}, %{{.*}}], %{{.*}} : tensor<2x64x96xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<2x3xbf16>
// CHECK: ttl.store_tiles %{{.*}}, %arg1[%{{.*}}, %{{.*}}] : !ttl.block<2x3xbf16>, tensor<2x64x96xbf16, #ttl.layout<dram, interleaved, tiled>>
func.func @second_matrix(%in: !t3, %out: !t3) attributes {ttl.grid = array<i64: 1, 1>} {
  %dfb = ttl.create_dfb : !d
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %r = ttl.reserve %dfb : !d -> !blk
  %tx = ttl.load_tiles %in[%c2, %c0], %r : !t3, !blk
  ttl.transfer_wait %tx
  ttl.push %r : !blk
  %w = ttl.wait %dfb : !d -> !blk
  %ty = ttl.store_tiles %w, %out[%c2, %c0] : !blk, !t3
  ttl.transfer_wait %ty
  ttl.pop %w : !blk
  return
}
