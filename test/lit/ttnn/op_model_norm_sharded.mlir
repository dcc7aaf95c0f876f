// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.layer_norm / ttnn.rms_norm with sharded tensors and no program config
// (ttnn 0.81.1): an interleaved input runs the interleaved program into a
// sharded output with the same CBs; a height-sharded input, and a sharded
// input whose result is not width or block sharded, TT_FATAL; a width- or
// block-sharded input runs the sharded program on its own shards. Figures:
// the calibration harness's mock-device ones (Wormhole).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x128>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 4x8, shard = 64x128>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 4x8, shard = 256x32>
#bs8 = #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 32x128>

// CHECK-LABEL: op constraints of @into_shards
func.func @into_shards(%x: tensor<4096x128xbf16, #dram>, %y: tensor<256x1024xbf16, #dram>) {
  // The interleaved program's 114688 B; the output is the 64x128 shard.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=114688 l1=16384 total=131072 out=16384 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x128>]
  %0 = ttnn.layer_norm %x : tensor<4096x128xbf16, #dram> -> tensor<4096x128xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: success cb=192512 l1=16384 total=208896 out=16384 layouts=[#ttnn.layout<l1, width_sharded, bf16, grid = 4x8, shard = 256x32>]
  %1 = ttnn.rms_norm %y : tensor<256x1024xbf16, #dram> -> tensor<256x1024xbf16, #ws>
  return
}

// CHECK-LABEL: op constraints of @sharded_inputs
func.func @sharded_inputs(%h: tensor<4096x128xbf16, #hs>, %b: tensor<256x1024xbf16, #bs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: backend_error: ttnn.layer_norm: a height-sharded input needs a sharded program config (ttnn 0.81.1: TT_FATAL without one)
  %0 = ttnn.layer_norm %h : tensor<4096x128xbf16, #hs> -> tensor<4096x128xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: backend_error: ttnn.rms_norm: a block_sharded input's result must be block_sharded too (ttnn 0.81.1: TT_FATAL), not l1 interleaved bf16
  %1 = ttnn.rms_norm %b : tensor<256x1024xbf16, #bs> -> tensor<256x1024xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @sharded_program
func.func @sharded_program(%b: tensor<256x1024xbf16, #bs>, %w: tensor<256x1024xbf16, #ws>, %g: tensor<1x1024xbf16, #dram>) {
  // Block shards of 2x4 tiles reduced over a row's 8 cores, f32
  // intermediates: 2 x 8 + 5 x 2 + 2 x 8 + 1 + 1 tiles of 4096 B, 2 bf16.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=184320 l1=16384 total=200704 out=16384 layouts=[#ttnn.layout<l1, block_sharded, bf16, grid = 4x8, shard = 64x128>]
  %0 = ttnn.layer_norm %b : tensor<256x1024xbf16, #bs> -> tensor<256x1024xbf16, #bs>
  // rms_norm: no mean, bf16 intermediates: 2 x 8 + 3 x 2 + 8 + 1 + 1 + 2 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: success cb=69632 l1=16384 total=86016 out=16384
  %1 = ttnn.rms_norm %b : tensor<256x1024xbf16, #bs> -> tensor<256x1024xbf16, #bs>
  // Weight and bias rows: a shard's 4 columns of tiles each.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=200704 l1=16384 total=217088 out=16384
  %2 = ttnn.layer_norm %b weight %g bias %g : tensor<256x1024xbf16, #bs>, tensor<1x1024xbf16, #dram>, tensor<1x1024xbf16, #dram> -> tensor<256x1024xbf16, #bs>
  // Width shards on 4 rows of 8 cores reduce in two stages: 8 + 4 - 1 partials.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=331776 l1=16384 total=348160 out=16384
  %3 = ttnn.layer_norm %w : tensor<256x1024xbf16, #ws> -> tensor<256x1024xbf16, #ws>
  // Another memory layout: ttnn TT_FATALs.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: backend_error: ttnn.layer_norm: a block_sharded input's result must be block_sharded too (ttnn 0.81.1: TT_FATAL), not l1 width_sharded bf16 (grid 4x8, shard 256x32)
  %4 = ttnn.layer_norm %b : tensor<256x1024xbf16, #bs> -> tensor<256x1024xbf16, #ws>
  // Other block shards: not modelled (ttnn fails when its CBs outgrow them).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: not_implemented: ttnn.layer_norm: the sharded program is modelled into the input's own shards only
  %5 = ttnn.layer_norm %b : tensor<256x1024xbf16, #bs> -> tensor<256x1024xbf16, #bs8>
  return
}
