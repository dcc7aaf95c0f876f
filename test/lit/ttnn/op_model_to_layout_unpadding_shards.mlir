// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.to_layout of an interleaved tiled tensor that is not a tile multiple into row-major shards:
// ttnn 0.81.1's untilize with unpadding keeps the asked grid and memory layout and derives the
// shards from the logical shape (compute_output_specs): block ceil(rows / grid rows) x
// ceil(width / grid columns), width all rows x ceil(width / cores), height ceil(rows / cores) x the
// asked width, each rounded up to whole tiles. The asked shard shape must be whole tiles and is
// otherwise ignored. Measured on both mock devices (the same figures).

#dram = #ttnn.layout<dram, interleaved, bf16>
#bs96 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x2, shard = 96x96>
#bs32 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x2, shard = 32x32>
#bs128 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x1, shard = 128x128>
#ws = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x4, shard = 32x32>
#ws_odd = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x4, shard = 100x64>
#hs96 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 96x96>
#hs8 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x1, shard = 32x128>
#hs64 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 64x64>

// CHECK-LABEL: op constraints of @derived
func.func @derived(%a: tensor<100x100xbf16, #dram>, %b: tensor<3x50x70xbf16, #dram>) {
  // Both write 64x64 block shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=16384 l1=8192 total=24576 out=8192 layouts=[#ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x2, shard = 64x64>]
  %0 = ttnn.to_layout %a : tensor<100x100xbf16, #dram> -> tensor<100x100xbf16, #bs96>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=16384 l1=8192 total=24576 out=8192 layouts=[#ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x2, shard = 64x64>]
  %1 = ttnn.to_layout %a : tensor<100x100xbf16, #dram> -> tensor<100x100xbf16, #bs32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=16384 l1=32768 total=49152 out=32768 layouts=[#ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x1, shard = 128x128>]
  %2 = ttnn.to_layout %a : tensor<100x100xbf16, #dram> -> tensor<100x100xbf16, #bs128>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=16384 l1=6400 total=22784 out=6400 layouts=[#ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x4, shard = 100x32>]
  %3 = ttnn.to_layout %a : tensor<100x100xbf16, #dram> -> tensor<100x100xbf16, #ws>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: backend_error: ttnn.to_layout: the output shard shape 100x64 is not a multiple of the 32x32 tile
  %4 = ttnn.to_layout %a : tensor<100x100xbf16, #dram> -> tensor<100x100xbf16, #ws_odd>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=12288 l1=12288 total=24576 out=12288 layouts=[#ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 64x96>]
  %5 = ttnn.to_layout %b : tensor<3x50x70xbf16, #dram> -> tensor<3x50x70xbf16, #hs96>
  // 150 rows in 32-row shards leave 3 of the 8 cores idle.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=12288 l1=8192 total=20480 out=8192 layouts=[#ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x1, shard = 32x128>]
  %6 = ttnn.to_layout %b : tensor<3x50x70xbf16, #dram> -> tensor<3x50x70xbf16, #hs8>
  // The derived 64x64 height shards cannot hold rows of 70 (shard_grid_fit_error).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: backend_error: {{.*}}does not shard a 150x70 tensor
  %7 = ttnn.to_layout %b : tensor<3x50x70xbf16, #dram> -> tensor<3x50x70xbf16, #hs64>
  return
}
