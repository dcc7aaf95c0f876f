// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// softmax, transpose, typecast, to_memory_config and concatenate_heads.

#dram = #ttnn.layout<dram, interleaved, bf16>
#dramf32 = #ttnn.layout<dram, interleaved, f32>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#l1f32 = #ttnn.layout<l1, interleaved, f32>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 32x1024>
#hsf32 = #ttnn.layout<l1, height_sharded, f32, grid = 1x2, shard = 32x1024>

// CHECK-LABEL: op constraints of @softmax
func.func @softmax(%a: tensor<64x1024xbf16, #l1>) {
  // ttnn 0.81.1: 2 x Wt(32) + 2 + 2 x block(4) + 5 = 79 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=161792 l1=2048 total=163840 out=2048
  %0 = ttnn.softmax %a {dimension = -1 : si32} : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // Dimension 0: ttnn's general "small" column program (Ht = 2), measured.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=43008 l1=2048 total=45056 out=2048
  %1 = ttnn.softmax %a {dimension = 0 : si32} : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: backend_error: ttnn.softmax: dimension 2 is out of range for a rank-2 tensor
  %2 = ttnn.softmax %a {dimension = 2 : si32} : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @transpose
func.func @transpose(%a: tensor<64x1024xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=8192 l1=2048 total=10240 out=2048
  %0 = ttnn.transpose %a {dim0 = 0 : si32, dim1 = 1 : si32} : tensor<64x1024xbf16, #l1> -> tensor<1024x64xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @typecast
func.func @typecast(%a: tensor<64x1024xbf16, #dram>, %s: tensor<64x1024xbf16, #hs>) {
  // A 2-page bf16 input CB and a 2-page f32 output CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: success cb=12288 l1=4096 total=16384 out=4096 layouts=[#ttnn.layout<l1, interleaved, f32>]
  %0 = ttnn.typecast %a : tensor<64x1024xbf16, #dram> -> tensor<64x1024xf32, #l1f32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: backend_error: ttnn.typecast: the input is l1 height_sharded bf16 (grid 1x2, shard 32x1024) but the output is dram interleaved f32
  %1 = ttnn.typecast %s : tensor<64x1024xbf16, #hs> -> tensor<64x1024xf32, #dramf32>
  // Sharded alike: still streamed through 2-page CBs (ttnn 0.81.1); the shard is 32 f32 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: success cb=12288 l1=131072 total=143360 out=131072
  %2 = ttnn.typecast %s : tensor<64x1024xbf16, #hs> -> tensor<64x1024xf32, #hsf32>
  return
}

// CHECK-LABEL: op constraints of @to_memory_config
func.func @to_memory_config(%a: tensor<64x1024xbf16, #l1>, %s: tensor<64x1024xbf16, #hs>) {
  // Interleaved copy: one 2-page CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_memory_config: success cb=4096 l1=0 total=4096 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>]
  %0 = ttnn.to_memory_config %a : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #dram>
  // Into a shard: the shard is the CB; 32x1024 = 32 tiles per core.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_memory_config: success cb=0 l1=65536 total=65536 out=65536
  %1 = ttnn.to_memory_config %a : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_memory_config: success cb=0 l1=0 total=0 out=0
  %2 = ttnn.to_memory_config %s : tensor<64x1024xbf16, #hs> -> tensor<64x1024xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @concatenate_heads
func.func @concatenate_heads(%a: tensor<1x8x512x64xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: success cb=65536 l1=8192 total=73728 out=8192
  %0 = ttnn.concatenate_heads %a : tensor<1x8x512x64xbf16, #l1> -> tensor<1x512x512xbf16, #l1>
  return
}
