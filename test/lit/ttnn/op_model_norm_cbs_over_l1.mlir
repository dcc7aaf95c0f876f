// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.layer_norm: ttnn 0.81.1 throws when the program's CBs reach the L1
// tensors below which they are placed (dataflow_buffer.cpp, measured on both
// mock devices): 1,650,688 B of sharded-program CBs beside 2 x 286,720 B of
// shards and the L1 weight and bias rows.

#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 640x224>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @over_l1
func.func @over_l1(%a: tensor<1x640x448xbf16, #ws>, %w: tensor<1x448xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: out_of_memory: ttnn.layer_norm: circular buffers of 1650688 B per core do not fit
  %0 = ttnn.layer_norm %a weight %w bias %w : tensor<1x640x448xbf16, #ws>, tensor<1x448xbf16, #l1>, tensor<1x448xbf16, #l1> -> tensor<1x640x448xbf16, #ws>
  return
}
