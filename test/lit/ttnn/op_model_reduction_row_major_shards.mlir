// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A reduction of a row-major height- or block-sharded input (whole-tile shards) into an
// interleaved output: ttnn 0.81.1 tilizes the input into its own shards and runs the tiled
// programs (measured on both mock devices: max of 2x128x96 over dim 1 from 128x32 block shards,
// cb=12288 l1=10240 total=22528 out=2048 into L1). Width shards and outer dimensions are
// not_implemented (another tilize program; the tilized shards freed earlier). Shards that are not
// whole tiles fail the tilize whatever the output (measured into row-major shards too: sum of
// 1024x352 in 86x352 shards, TT_FATAL shard_align_error; fresh draw seed 746048747).

#bs = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x3, shard = 128x32>
#ws = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x2, shard = 256x32>
#l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#hs86 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 6x2, shard = 86x352>

// CHECK-LABEL: op constraints of @block_shards
func.func @block_shards(%x: tensor<2x128x96xbf16, #bs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=12288 l1=10240 total=22528 out=2048
  %0 = ttnn.max %x {dim_arg = array<i64: 1>} : tensor<2x128x96xbf16, #bs> -> tensor<2x96xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @width_shards
func.func @width_shards(%x: tensor<256x64xbf16, #ws>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: not_implemented: {{.*}}(width shards, or over an outer dimension)
  %0 = ttnn.sum %x {dim_arg = array<i64: 1>, keep_dim = true} : tensor<256x64xbf16, #ws> -> tensor<256x1xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @not_whole_tiles
func.func @not_whole_tiles(%x: tensor<1024x352xbf16, #hs86>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: backend_error: {{.*}}tilizes the row-major input into its own shards{{.*}}are not whole tiles
  %0 = ttnn.sum %x {dim_arg = array<i64: -1>} : tensor<1024x352xbf16, #hs86> -> tensor<1024xbf16, #hs86>
  return
}
