// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// gelu_bw on shards like its output: ttnn 0.81.1 runs its sharded path (no CBs) only when the
// shards fill their grid; shards leaving cores idle stream 3 x 4096 B (measured on both mock
// devices: 896 and 64x896 in 14 of 16 width shards, 448x64 in 14 of 16 height shards; a fresh draw,
// seed 302483210 activation backward #26, where the model had said no CBs).

#ws32 = #ttnn.layout<l1, width_sharded, bf16, grid = 8x2, shard = 32x64>
#ws64 = #ttnn.layout<l1, width_sharded, bf16, grid = 8x2, shard = 64x64>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x2, shard = 32x64>

// CHECK-LABEL: op constraints of @idle_cores
func.func @idle_cores(%a: tensor<896xbf16, #ws32>, %b: tensor<64x896xbf16, #ws64>, %c: tensor<448x64xbf16, #hs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.gelu_bw: success cb=12288 l1=4096 total=16384 out=4096
  %0 = ttnn.gelu_bw %a, %a : tensor<896xbf16, #ws32>, tensor<896xbf16, #ws32> -> tensor<896xbf16, #ws32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.gelu_bw: success cb=12288 l1=8192 total=20480 out=8192
  %1 = ttnn.gelu_bw %b, %b : tensor<64x896xbf16, #ws64>, tensor<64x896xbf16, #ws64> -> tensor<64x896xbf16, #ws64>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.gelu_bw: success cb=12288 l1=4096 total=16384 out=4096
  %2 = ttnn.gelu_bw %c, %c : tensor<448x64xbf16, #hs>, tensor<448x64xbf16, #hs> -> tensor<448x64xbf16, #hs>
  return
}

#ws_full = #ttnn.layout<l1, width_sharded, bf16, grid = 8x2, shard = 64x64>
// CHECK-LABEL: op constraints of @full_grid
func.func @full_grid(%a: tensor<64x1024xbf16, #ws_full>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.gelu_bw: success cb=0 l1=8192 total=8192 out=8192
  %0 = ttnn.gelu_bw %a, %a : tensor<64x1024xbf16, #ws_full>, tensor<64x1024xbf16, #ws_full> -> tensor<64x1024xbf16, #ws_full>
  return
}
