// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// Sharded tensor encodings (#ttl.layout with a #ttl.shard spec, TTLAttrs.td)
// print and parse back, for each of ttnn's three sharded layouts. Inside the
// layout the spec prints without its `#ttl.shard` prefix; both forms parse.

// CHECK-LABEL: func.func @height
// CHECK-SAME: #ttl.layout<l1, height_sharded, tiled, <grid = [#ttl.core_range<(0, 0) to (3, 0)>], shape = [64, 64], row_major>>
func.func @height(%a: tensor<256x64xbf16, #ttl.layout<l1, height_sharded, tiled, #ttl.shard<grid = [#ttl.core_range<(0, 0) to (3, 0)>], shape = [64, 64], row_major>>>) {
  return
}

// A partial last shard (100 rows in 64-row shards: 2 shards) on a two-range grid.
// CHECK-LABEL: func.func @height_partial
// CHECK-SAME: grid = [#ttl.core_range<(0, 0) to (0, 0)>, #ttl.core_range<(2, 1) to (2, 1)>], shape = [64, 96], col_major
func.func @height_partial(%a: tensor<100x70xf32, #ttl.layout<l1, height_sharded, tiled, #ttl.shard<grid = [#ttl.core_range<(0, 0) to (0, 0)>, #ttl.core_range<(2, 1) to (2, 1)>], shape = [64, 96], col_major>>>) {
  return
}

// CHECK-LABEL: func.func @width
// CHECK-SAME: #ttl.layout<l1, width_sharded, tiled, <grid = [#ttl.core_range<(0, 0) to (1, 1)>], shape = [64, 32], col_major>>
func.func @width(%a: tensor<64x128xbf16, #ttl.layout<l1, width_sharded, tiled, #ttl.shard<grid = [#ttl.core_range<(0, 0) to (1, 1)>], shape = [64, 32], col_major>>>) {
  return
}

// CHECK-LABEL: func.func @block
// CHECK-SAME: #ttl.layout<l1, block_sharded, tiled, <grid = [#ttl.core_range<(1, 1) to (3, 2)>], shape = [32, 64], row_major>>
func.func @block(%a: tensor<64x192xbf16, #ttl.layout<l1, block_sharded, tiled, #ttl.shard<grid = [#ttl.core_range<(1, 1) to (3, 2)>], shape = [32, 64], row_major>>>) {
  return
}

// CHECK-LABEL: func.func @interleaved
// CHECK-SAME: #ttl.layout<dram, interleaved, tiled>
func.func @interleaved(%a: tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>) {
  return
}

// The stripped form parses too.
// CHECK-LABEL: func.func @stripped
// CHECK-SAME: #ttl.layout<l1, height_sharded, tiled, <grid = [#ttl.core_range<(0, 0) to (1, 0)>], shape = [32, 32], row_major>>
func.func @stripped(%a: tensor<64x32xbf16, #ttl.layout<l1, height_sharded, tiled, <grid = [#ttl.core_range<(0, 0) to (1, 0)>], shape = [32, 32], row_major>>>) {
  return
}
