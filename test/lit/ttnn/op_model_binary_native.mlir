// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// binary_ng's native sharded path (ttnn 0.81.1, mock Wormhole): operands of one shape and memory config in
// L1 into a sharded output on their grid, or a height-sharded `a` with a column / scalar `b` into `a`'s
// shards. Its sharded tensors' CBs are their shards; everything else streams 2-page CBs.

#l1 = #ttnn.layout<l1, interleaved, bf16>
#l1f32 = #ttnn.layout<l1, interleaved, f32>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 1x8, shard = 32x64>
#hs64 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x8, shard = 64x64>
#uneven = #ttnn.layout<l1, height_sharded, bf16, grid = 1x3, shard = 96x64>
#idle = #ttnn.layout<l1, height_sharded, bf16, grid = 2x8, shard = 32x64>

// CHECK-LABEL: op constraints of @same_shape
func.func @same_shape(%a: tensor<256x64xbf16, #hs>, %u: tensor<256x64xbf16, #uneven>, %l: tensor<256x64xbf16, #l1>) {
  // Sharded alike on one grid, the output in other shards of it: native.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=0 l1=8192 total=8192 out=8192
  %0 = ttnn.add %a, %a : tensor<256x64xbf16, #hs>, tensor<256x64xbf16, #hs> -> tensor<256x64xbf16, #hs64>
  // Uneven, but all three sharded alike: native.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=0 l1=12288 total=12288 out=12288
  %1 = ttnn.add %u, %u : tensor<256x64xbf16, #uneven>, tensor<256x64xbf16, #uneven> -> tensor<256x64xbf16, #uneven>
  // L1 operands into an uneven output: streamed; into even shards with idle cores: the output is its shard.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=12288 l1=12288 total=24576 out=12288
  %2 = ttnn.add %l, %l : tensor<256x64xbf16, #l1>, tensor<256x64xbf16, #l1> -> tensor<256x64xbf16, #uneven>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=8192 l1=4096 total=12288 out=4096
  %3 = ttnn.add %l, %l : tensor<256x64xbf16, #l1>, tensor<256x64xbf16, #l1> -> tensor<256x64xbf16, #idle>
  return
}

// CHECK-LABEL: op constraints of @broadcast
func.func @broadcast(%a: tensor<256x64xbf16, #hs>, %col: tensor<256x1xbf16, #l1>, %row: tensor<1x64xbf16, #l1>, %c32: tensor<256x1xf32, #l1f32>, %r16: tensor<1x64xbf16, #l1>) {
  // A column b: `a` and the output are shards; b and its broadcast CB stream.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=8192 l1=4096 total=12288 out=4096
  %0 = ttnn.add %a, %col : tensor<256x64xbf16, #hs>, tensor<256x1xbf16, #l1> -> tensor<256x64xbf16, #hs>
  // A row b: everything streams, and the row's broadcast CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=16384 l1=4096 total=20480 out=4096
  %1 = ttnn.add %a, %row : tensor<256x64xbf16, #hs>, tensor<1x64xbf16, #l1> -> tensor<256x64xbf16, #hs>
  // A column f32 a and a row bf16 b: the broadcast CB is the row's (bf16), the output a's f32.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=24576 l1=4096 total=28672 out=4096
  %2 = ttnn.add %c32, %r16 : tensor<256x1xf32, #l1f32>, tensor<1x64xbf16, #l1> -> tensor<256x64xf32, #l1f32>
  return
}

// CHECK-LABEL: op constraints of @one_type
func.func @one_type(%a: tensor<64x64xbf16, #l1>, %b: tensor<64x64xf32, #l1f32>) {
  // maximum, minimum and pow_tensor take one data type (ttnn: TT_FATAL in binary_ng).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.maximum: backend_error: ttnn.maximum: ttnn 0.81.1 takes its operands in one data type, got bf16 and f32
  %0 = ttnn.maximum %a, %b : tensor<64x64xbf16, #l1>, tensor<64x64xf32, #l1f32> -> tensor<64x64xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=16384 l1=2048 total=18432 out=2048
  %1 = ttnn.add %a, %b : tensor<64x64xbf16, #l1>, tensor<64x64xf32, #l1f32> -> tensor<64x64xbf16, #l1>
  return
}
