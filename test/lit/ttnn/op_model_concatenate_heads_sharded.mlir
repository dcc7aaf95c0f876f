// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// concatenate_heads of a sharded input (ttnn 0.81.1, mock Wormhole): sharded_to_interleaved copies it
// into a temporary placed like the output (its buffer is the shard), then the program streams 2 x heads x
// head_dim tiles; the temporary lives until it ends. A sharded output of an interleaved input fails in ttnn.

#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x5, shard = 128x256>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>
#out_hs = #ttnn.layout<l1, height_sharded, bf16, grid = 4x5, shard = 32x128>

// CHECK-LABEL: op constraints of @concatenate_heads
func.func @concatenate_heads(%s: tensor<4x2x640x256xbf16, #hs>, %d: tensor<1x2x640x64xbf16, #dram>) {
  // 1280 tiles: 20 per bank, for the temporary and the output.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: success cb=65536 l1=81920 total=147456 out=40960
  %0 = ttnn.concatenate_heads %s : tensor<4x2x640x256xbf16, #hs> -> tensor<4x640x512xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: backend_error: ttnn.concatenate_heads: the output is l1 height_sharded bf16 (grid 4x5, shard 32x128) and the input interleaved; ttnn 0.81.1 derives sharded outputs from the input{{.*}}
  %1 = ttnn.concatenate_heads %d : tensor<1x2x640x64xbf16, #dram> -> tensor<1x640x128xbf16, #out_hs>
  return
}
