// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A bfp8_b min over H from width shards into a sharded output: ttnn 0.81.1 runs its sharded negating
// program (2 input pages, the bf16 scaler and two CBs of the input's shard; measured on both mock
// devices, first seen on fresh stress draw seed 808402455 #15, where the model had given the
// interleaved program's 39040 B). Into an interleaved output the interleaved program; into block
// shards or with leading dimensions other CBs (not_implemented).

#ws2 = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 2x1, shard = 416x96>
#hs1 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x1, shard = 32x192>
#dram = #ttnn.layout<dram, interleaved, bfp8_b>
#ws4 = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 1x4, shard = 128x64>
#ws4o = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 1x4, shard = 32x64>

// CHECK-LABEL: op constraints of @from_width_shards
func.func @from_width_shards(%a: tensor<395x164xbf16, #ws2>, %b: tensor<2x64x256xbf16, #ws4>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=89088 l1=122304 total=138048 out=6528
  %0 = ttnn.min %a {dim_arg = array<i64: 0>, keep_dim = true} : tensor<395x164xbf16, #ws2> -> tensor<1x164xbf16, #hs1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=39040 l1=122304 total=134592 out=0
  %1 = ttnn.min %a {dim_arg = array<i64: 0>, keep_dim = true} : tensor<395x164xbf16, #ws2> -> tensor<1x164xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: not_implemented: {{.*}}a bfp8_b min over H from width shards
  %2 = ttnn.min %b {dim_arg = array<i64: 1>, keep_dim = true} : tensor<2x64x256xbf16, #ws4> -> tensor<2x1x256xbf16, #ws4o>
  return
}
