// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// One case per rule of a sharded tensor encoding (#ttl.layout's
// verifyEncoding and #ttl.shard's verifier, TTLAttrs.td).

// expected-error @+1 {{a height_sharded tensor needs a #ttl.shard spec}}
func.func @no_spec(%a: tensor<64x64xbf16, #ttl.layout<l1, height_sharded, tiled>>) {
  return
}

// -----

// expected-error @+1 {{an interleaved tensor takes no #ttl.shard spec}}
func.func @interleaved_spec(%a: tensor<64x64xbf16, #ttl.layout<l1, interleaved, tiled, #ttl.shard<grid = [#ttl.core_range<(0, 0) to (1, 0)>], shape = [32, 64], row_major>>>) {
  return
}

// -----

// expected-error @+1 {{a height_sharded tensor lives in l1 (ttnn shards into the cores' L1), got dram}}
func.func @dram(%a: tensor<64x64xbf16, #ttl.layout<dram, height_sharded, tiled, #ttl.shard<grid = [#ttl.core_range<(0, 0) to (1, 0)>], shape = [32, 64], row_major>>>) {
  return
}

// -----

// expected-error @+1 {{a width_sharded tensor must be tiled: ttlang addresses sharded tensors by tile pages}}
func.func @row_major(%a: tensor<64x64xbf16, #ttl.layout<l1, width_sharded, row_major, #ttl.shard<grid = [#ttl.core_range<(0, 0) to (1, 0)>], shape = [64, 32], row_major>>>) {
  return
}

// -----

// expected-error @+1 {{shard shape 48x64 of a tiled tensor must be whole 32x32 tiles}}
func.func @not_tiles(%a: tensor<96x64xbf16, #ttl.layout<l1, height_sharded, tiled, #ttl.shard<grid = [#ttl.core_range<(0, 0) to (1, 0)>], shape = [48, 64], row_major>>>) {
  return
}

// -----

// expected-error @+1 {{a height_sharded shard must be as wide as the tensor (64x96 elements, tile-padded), got 32x64}}
func.func @height_narrow(%a: tensor<64x70xbf16, #ttl.layout<l1, height_sharded, tiled, #ttl.shard<grid = [#ttl.core_range<(0, 0) to (1, 0)>], shape = [32, 64], row_major>>>) {
  return
}

// -----

// expected-error @+1 {{a width_sharded shard must be as tall as the tensor (128x64 elements, tile-padded), got 64x32}}
func.func @width_short(%a: tensor<2x64x64xbf16, #ttl.layout<l1, width_sharded, tiled, #ttl.shard<grid = [#ttl.core_range<(0, 0) to (1, 0)>], shape = [64, 32], row_major>>>) {
  return
}

// -----

// expected-error @+1 {{the height_sharded tensor has 4 shards of 32x64 but its shard grid has 2 cores}}
func.func @too_few_cores(%a: tensor<128x64xbf16, #ttl.layout<l1, height_sharded, tiled, #ttl.shard<grid = [#ttl.core_range<(0, 0) to (1, 0)>], shape = [32, 64], row_major>>>) {
  return
}

// -----

// expected-error @+1 {{a block_sharded grid must be one core range}}
func.func @block_two_ranges(%a: tensor<64x64xbf16, #ttl.layout<l1, block_sharded, tiled, #ttl.shard<grid = [#ttl.core_range<(0, 0) to (0, 0)>, #ttl.core_range<(1, 0) to (1, 0)>], shape = [64, 32], row_major>>>) {
  return
}

// -----

// expected-error @+1 {{the block_sharded tensor has 2x3 shards (rows x cols) but its col_major grid is 2x3 cores (rows x cols)}}
func.func @block_orientation(%a: tensor<64x96xbf16, #ttl.layout<l1, block_sharded, tiled, #ttl.shard<grid = [#ttl.core_range<(0, 0) to (2, 1)>], shape = [32, 32], col_major>>>) {
  return
}

// -----

// expected-error @+2 {{shard grid holds core (1, 0) twice}}
// expected-error @+1 {{failed to parse TTL_LayoutAttr parameter 'shard'}}
func.func @core_twice(%a: tensor<64x64xbf16, #ttl.layout<l1, height_sharded, tiled, #ttl.shard<grid = [#ttl.core_range<(0, 0) to (1, 0)>, #ttl.core_range<(1, 0) to (1, 0)>], shape = [32, 64], row_major>>>) {
  return
}

// -----

// expected-error @+2 {{shard shape must be [rows, cols] in elements, both positive}}
// expected-error @+1 {{failed to parse TTL_LayoutAttr parameter 'shard'}}
func.func @bad_shape(%a: tensor<64x64xbf16, #ttl.layout<l1, height_sharded, tiled, #ttl.shard<grid = [#ttl.core_range<(0, 0) to (1, 0)>], shape = [0, 64], row_major>>>) {
  return
}
