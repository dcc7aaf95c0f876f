// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.permute that moves nothing into other shards: permute.cpp calls ttnn.to_memory_config, whose
// reshard program's buffers are the shards (0 B of CBs); row-major shards into another scheme of
// other shard widths go through DRAM and interleaved_to_sharded (its 4-row scratchpad). Measured on
// both mock devices.

#ws_7x3 = #ttnn.layout<l1, width_sharded, bf16, grid = 7x3, shard = 896x32>
#ws_3x7 = #ttnn.layout<l1, width_sharded, bf16, grid = 3x7, shard = 896x32>
#hs_rm = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 4x3, shard = 32x64>
#bs_rm = #ttnn.layout<row_major, l1, block_sharded, f32, grid = 2x2, shard = 192x32>

// CHECK-LABEL: op constraints of @reshard
func.func @reshard(%a: tensor<1x891x662xbf16, #ws_7x3>, %b: tensor<4x96x64xf32, #hs_rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=0 l1=57344 total=57344 out=57344
  %0 = ttnn.permute %a {permutation = array<i64: 0, 1, 2>} : tensor<1x891x662xbf16, #ws_7x3> -> tensor<1x891x662xbf16, #ws_3x7>
  // 4 x 160 B of scratchpad (Blackhole: 4 x 192 B).
  // WH: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=0 l1=24576 total=25216 out=24576
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=0 l1=24576 total=25344 out=24576
  %1 = ttnn.permute %b {permutation = array<i64: 0, 1, 2>} : tensor<4x96x64xf32, #hs_rm> -> tensor<4x96x64xf32, #bs_rm>
  return
}
