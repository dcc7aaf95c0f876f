// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// Element-shaped (row_major) DFBs and blocks, and the row copies of a row-major tensor, print
// and parse back unchanged; a tiled DFB keeps its spelling without a layout.

!rm = tensor<1x2x2x32xf32, #ttl.layout<dram, interleaved, row_major>>
!out = tensor<1x4x4x32xf32, #ttl.layout<l1, interleaved, row_major>>

// CHECK-LABEL: func.func @row_copies
// CHECK: ttl.create_dfb : !ttl.dfb<1x32xf32, 2, row_major>
// CHECK: ttl.reserve %{{.*}} : !ttl.dfb<1x32xf32, 2, row_major> -> !ttl.block<1x32xf32, row_major>
// CHECK: ttl.load_rows %{{.*}}[%{{.*}}], %{{.*}} : tensor<1x2x2x32xf32, #ttl.layout<dram, interleaved, row_major>>, !ttl.block<1x32xf32, row_major>
// CHECK: ttl.wait %{{.*}} : !ttl.dfb<1x32xf32, 2, row_major> -> !ttl.block<1x32xf32, row_major>
// CHECK: ttl.store_rows %{{.*}}, %{{.*}}[%{{.*}}] : !ttl.block<1x32xf32, row_major>, tensor<1x4x4x32xf32, #ttl.layout<l1, interleaved, row_major>>
func.func @row_copies(%in: !rm, %out: !out) attributes {ttl.grid = array<i64: 1, 1>} {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %d = ttl.create_dfb : !ttl.dfb<1x32xf32, 2, row_major>
  %r = ttl.reserve %d : !ttl.dfb<1x32xf32, 2, row_major> -> !ttl.block<1x32xf32, row_major>
  %tx = ttl.load_rows %in[%c3], %r : !rm, !ttl.block<1x32xf32, row_major>
  ttl.transfer_wait %tx
  ttl.push %r : !ttl.block<1x32xf32, row_major>
  %w = ttl.wait %d : !ttl.dfb<1x32xf32, 2, row_major> -> !ttl.block<1x32xf32, row_major>
  %ty = ttl.store_rows %w, %out[%c5] : !ttl.block<1x32xf32, row_major>, !out
  ttl.transfer_wait %ty
  ttl.pop %w : !ttl.block<1x32xf32, row_major>
  return
}

// CHECK-LABEL: func.func @several_rows
// CHECK: ttl.create_dfb : !ttl.dfb<4x24xbf16, 3, row_major>
// CHECK: ttl.create_dfb : !ttl.dfb<2x2xbf16, 2>
func.func @several_rows(%in: tensor<8x24xbf16, #ttl.layout<dram, interleaved, row_major>>) attributes {ttl.grid = array<i64: 1, 1>} {
  %c4 = arith.constant 4 : index
  %d = ttl.create_dfb : !ttl.dfb<4x24xbf16, 3, row_major>
  %t = ttl.create_dfb : !ttl.dfb<2x2xbf16, 2>
  %r = ttl.reserve %d : !ttl.dfb<4x24xbf16, 3, row_major> -> !ttl.block<4x24xbf16, row_major>
  %tx = ttl.load_rows %in[%c4], %r : tensor<8x24xbf16, #ttl.layout<dram, interleaved, row_major>>, !ttl.block<4x24xbf16, row_major>
  ttl.transfer_wait %tx
  ttl.push %r : !ttl.block<4x24xbf16, row_major>
  return
}
