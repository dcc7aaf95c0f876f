// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.to_layout from tiled shards whose shape is not a tile multiple into row-major shards of the
// same memory layout: ttnn 0.81.1's sharded untilize with unpadding. Its middle CB holds two
// batches of tiles (num_output_tiles = ntiles_per_batch * 2): a height shard holding several padded
// matrices untilizes them one at a time, so its CB is two matrices' tiles, not two shards'; width
// shards of a batched tensor, two of the tensor's matrices' share; an output 16 wide of whole tile
// rows takes 16 tiles (unpad_tensor_w_16). Output shards as ttnn derives them (batch * H rows in
// height shards). Measured on both mock devices (the same figures).

#hs2 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 128x96>
#hs2_rm = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x2, shard = 128x96>
#hs3 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 192x64>
#hs3_rm = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x2, shard = 192x64>
#hs16 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 128x32>
#hs16_rm = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x2, shard = 128x32>
#ws3 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x3, shard = 192x32>
#ws3_rm = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x3, shard = 192x32>

// CHECK-LABEL: op constraints of @batched
func.func @batched(%a: tensor<4x50x70xbf16, #hs2>, %b: tensor<6x40x40xbf16, #hs3>,
                   %c: tensor<4x64x16xbf16, #hs16>, %d: tensor<3x50x70xbf16, #ws3>) {
  // Two 64x96 matrices a shard: 2 x 6 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=24576 l1=14400 total=38976 out=14400 layouts=[#ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x2, shard = 100x70>]
  %0 = ttnn.to_layout %a : tensor<4x50x70xbf16, #hs2> -> tensor<4x50x70xbf16, #hs2_rm>
  // Three 64x64 matrices a shard: 2 x 4 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=16384 l1=9600 total=25984 out=9600 layouts=[#ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x2, shard = 120x40>]
  %1 = ttnn.to_layout %b : tensor<6x40x40xbf16, #hs3> -> tensor<6x40x40xbf16, #hs3_rm>
  // 16 wide: 16 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=32768 l1=4096 total=36864 out=4096 layouts=[#ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x2, shard = 128x16>]
  %2 = ttnn.to_layout %c : tensor<4x64x16xbf16, #hs16> -> tensor<4x64x16xbf16, #hs16_rm>
  // Width shards of three matrices: 2 x 2 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=8192 l1=9600 total=17792 out=9600 layouts=[#ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x3, shard = 150x32>]
  %3 = ttnn.to_layout %d : tensor<3x50x70xbf16, #ws3> -> tensor<3x50x70xbf16, #ws3_rm>
  return
}
