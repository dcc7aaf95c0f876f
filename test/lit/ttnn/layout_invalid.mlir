// RUN: ttlang-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{sharded layouts (height_sharded) must be in l1}}
func.func @sharded_dram(%a: tensor<32x32xbf16, #ttnn.layout<dram, height_sharded, bf16, grid = 1x1, shard = 32x32>>) { return }

// -----

// expected-error @+1 {{a sharded layout needs a 2-d grid and a 2-d shard shape}}
func.func @sharded_without_grid(%a: tensor<32x32xbf16, #ttnn.layout<l1, block_sharded, bf16>>) { return }

// -----

// expected-error @+1 {{an interleaved layout takes no grid or shard shape}}
func.func @interleaved_with_grid(%a: tensor<32x32xbf16, #ttnn.layout<l1, interleaved, bf16, grid = 2x2, shard = 16x16>>) { return }

// -----

// expected-error @+2 {{expected ::mlir::ttnn::DataType to be one of: bf16, f32, bfp8_b}}
// expected-error @+1 {{failed to parse TTNN_LayoutAttr parameter 'dataType'}}
func.func @int8(%a: tensor<32x32xi8, #ttnn.layout<l1, interleaved, i8>>) { return }

// -----

// expected-error @+1 {{grid and shard dimensions must be positive, got 0}}
func.func @zero_grid(%a: tensor<32x32xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 0x8, shard = 32x32>>) { return }

// -----

// expected-error @+1 {{bfp8_b is a tile format: a row_major layout stores bf16 or f32}}
func.func @row_major_bfp8(%a: tensor<32x32xbf16, #ttnn.layout<row_major, dram, interleaved, bfp8_b>>) { return }
