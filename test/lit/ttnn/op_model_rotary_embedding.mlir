// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// ttnn.rotary_embedding: ttnn 0.81.1's multi-core rotary program. head_dim 64
// (Wt = 2) in bf16: input, rotated input, cos, sin, output 4 tiles each, a
// scalar and 3 intermediate tiles: 5 x 8192 + 4 x 2048 = 49152 B. A
// height-sharded input or output is its own CB. Figures: the calibration
// harness's mock-device ones.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#l1f32 = #ttnn.layout<l1, interleaved, f32>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 128x64>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 8x2, shard = 1024x32>

// CHECK-LABEL: op constraints of @rotary
// STATE-LABEL: op constraints of @rotary (stateful)
func.func @rotary(%x: tensor<1x8x128x64xbf16, #l1>, %t: tensor<1x1x128x64xbf16, #l1>, %x1: tensor<1x8x128x32xbf16, #l1>, %t1: tensor<1x1x128x32xbf16, #l1>, %xf: tensor<1x8x128x64xf32, #l1f32>, %s: tensor<1x8x1024x64xbf16, #hs>, %ts: tensor<1x1x1024x64xbf16, #dram>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.rotary_embedding: success cb=49152 l1=2048 total=51200 out=2048 layouts=[#ttnn.layout<l1, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=49152 l1=2048 total=51200 out=2048 {{.*}} allocs=[l1@1497088+2048]
  %0 = ttnn.rotary_embedding %x, %t, %t : tensor<1x8x128x64xbf16, #l1>, tensor<1x1x128x64xbf16, #l1>, tensor<1x1x128x64xbf16, #l1> -> tensor<1x8x128x64xbf16, #l1>
  // Wt = 1: one 2 KiB CB less (ttnn's single-tile program).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=24576 l1=2048 total=26624 out=2048
  %1 = ttnn.rotary_embedding %x1, %t1, %t1 : tensor<1x8x128x32xbf16, #l1>, tensor<1x1x128x32xbf16, #l1>, tensor<1x1x128x32xbf16, #l1> -> tensor<1x8x128x32xbf16, #l1>
  // An f32 input with bf16 tables: each CB in its operand's format.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=75776 l1=4096 total=79872 out=4096
  %2 = ttnn.rotary_embedding %xf, %t, %t : tensor<1x8x128x64xf32, #l1f32>, tensor<1x1x128x64xbf16, #l1>, tensor<1x1x128x64xbf16, #l1> -> tensor<1x8x128x64xf32, #l1f32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: success cb=32768 l1=16384 total=49152 out=16384
  %3 = ttnn.rotary_embedding %s, %ts, %ts : tensor<1x8x1024x64xbf16, #hs>, tensor<1x1x1024x64xbf16, #dram>, tensor<1x1x1024x64xbf16, #dram> -> tensor<1x8x1024x64xbf16, #hs>
  // ttnn places the output on the input's 128x64 shards, which a block-sharded
  // output's grid cannot hold (ttnn: shard grid fit TT_FATAL).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rotary_embedding: backend_error: ttnn.rotary_embedding: a block-sharded output gets ttnn's 128x64 shards
  %4 = ttnn.rotary_embedding %s, %ts, %ts : tensor<1x8x1024x64xbf16, #hs>, tensor<1x1x1024x64xbf16, #dram>, tensor<1x1x1024x64xbf16, #dram> -> tensor<1x8x1024x64xbf16, #bs>
  return
}
