// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Activation backward ops over placements and data types (ttnn 0.81.1, mock Wormhole): relu_bw and
// silu_bw compose ttnn's unary and binary_ng programs, each by its own rules; gelu_bw's one program
// aliases the shards only when grad and input are sharded like the output.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#l1f32 = #ttnn.layout<l1, interleaved, f32>
#l1bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 1x1, shard = 32x128>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 1x8, shard = 32x64>
#uneven = #ttnn.layout<l1, height_sharded, bf16, grid = 1x3, shard = 96x64>

// CHECK-LABEL: op constraints of @relu_bw
func.func @relu_bw(%g: tensor<128xbf16, #dram>, %x: tensor<128xbf16, #dram>, %a: tensor<256x64xbf16, #l1>, %v: tensor<64xbf16, #l1>, %u: tensor<256x64xbf16, #uneven>, %b: tensor<256x64xbf16, #l1bfp8>) {
  // Both programs stream into the block shard (8192 + 12288 B); temporary and output in L1.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu_bw: success cb=20480 l1=16384 total=28672 out=8192
  %0 = ttnn.relu_bw %g, %x : tensor<128xbf16, #dram>, tensor<128xbf16, #dram> -> tensor<128xbf16, #bs>
  // A lower-rank input broadcasts (a row: the multiply's 4th CB).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu_bw: success cb=24576 l1=4096 total=20480 out=2048
  %1 = ttnn.relu_bw %a, %v : tensor<256x64xbf16, #l1>, tensor<64xbf16, #l1> -> tensor<256x64xbf16, #l1>
  // Uneven shards: the unary program streams, the multiply's operands are sharded alike.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu_bw: success cb=8192 l1=24576 total=32768 out=12288
  %2 = ttnn.relu_bw %u, %u : tensor<256x64xbf16, #uneven>, tensor<256x64xbf16, #uneven> -> tensor<256x64xbf16, #uneven>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu_bw: backend_error: ttnn.relu_bw: grad l1 interleaved bfp8_b and input l1 interleaved bf16 must be of one data type
  %3 = ttnn.relu_bw %b, %a : tensor<256x64xbf16, #l1bfp8>, tensor<256x64xbf16, #l1> -> tensor<256x64xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @gelu_silu_bw
func.func @gelu_silu_bw(%g: tensor<256x64xf32, #l1f32>, %x: tensor<256x64xbf16, #l1>, %s: tensor<256x64xbf16, #hs>) {
  // An f32 grad and a bf16 input: the result in bf16.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.gelu_bw: success cb=16384 l1=2048 total=18432 out=2048
  %0 = ttnn.gelu_bw %g, %x : tensor<256x64xf32, #l1f32>, tensor<256x64xbf16, #l1> -> tensor<256x64xbf16, #l1>
  // grad * sigmoid(x) in f32 (binary_ng writes grad's type).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu_bw: success cb=28672 l1=14336 total=30720 out=2048
  %1 = ttnn.silu_bw %g, %x : tensor<256x64xf32, #l1f32>, tensor<256x64xbf16, #l1> -> tensor<256x64xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.gelu_bw: success cb=0 l1=4096 total=4096 out=4096
  %2 = ttnn.gelu_bw %s, %s : tensor<256x64xbf16, #hs>, tensor<256x64xbf16, #hs> -> tensor<256x64xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.gelu_bw: success cb=12288 l1=4096 total=16384 out=4096
  %3 = ttnn.gelu_bw %s, %x : tensor<256x64xbf16, #hs>, tensor<256x64xbf16, #l1> -> tensor<256x64xbf16, #hs>
  return
}

#ws_f32 = #ttnn.layout<l1, width_sharded, f32, grid = 4x2, shard = 32x128>
#l1_f32 = #ttnn.layout<l1, interleaved, f32>
#l1_b8 = #ttnn.layout<l1, interleaved, bfp8_b>
#dram_b8 = #ttnn.layout<dram, interleaved, bfp8_b>
#hs_b8 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x1, shard = 32x704>

// CHECK-LABEL: op constraints of @relu_bw_broadcast_into_shards
func.func @relu_bw_broadcast_into_shards(%g: tensor<32x992xf32, #ws_f32>, %x: tensor<992xf32, #l1_f32>, %h: tensor<704xbf16, #l1_b8>, %one: tensor<1xbf16, #dram_b8>) {
  // The temporary x > 0 of shape 992 in the output's width shards (its 2-D view is the output's): both
  // programs stream (16384 + 32768 B with the row broadcast's CB).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu_bw: success cb=49152 l1=32768 total=65536 out=16384
  %0 = ttnn.relu_bw %g, %x : tensor<32x992xf32, #ws_f32>, tensor<992xf32, #l1_f32> -> tensor<32x992xf32, #ws_f32>
  // A one-element temporary does not fit 32x704 shards (ttnn: TT_FATAL).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu_bw: backend_error: ttnn.relu_bw: the temporary x > 0 layout
  %1 = ttnn.relu_bw %h, %one : tensor<704xbf16, #l1_b8>, tensor<1xbf16, #dram_b8> -> tensor<704xbf16, #hs_b8>
  return
}
