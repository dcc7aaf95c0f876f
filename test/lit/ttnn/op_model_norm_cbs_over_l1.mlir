// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.layer_norm / rms_norm: ttnn 0.81.1 throws when the program's CBs pass
// the top of L1 (dataflow_buffer.cpp, measured on both mock devices:
// 1,650,688 B of sharded-program CBs); under graph capture CBs that overlap
// the L1 shards run (712,704 B beside 2 x 376,832 B of f32 shards).

#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 640x224>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @over_l1
func.func @over_l1(%a: tensor<1x640x448xbf16, #ws>, %w: tensor<1x448xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: out_of_memory: ttnn.layer_norm: circular buffers of 1650688 B per core pass the top of L1
  %0 = ttnn.layer_norm %a weight %w bias %w : tensor<1x640x448xbf16, #ws>, tensor<1x448xbf16, #l1>, tensor<1x448xbf16, #l1> -> tensor<1x640x448xbf16, #ws>
  return
}

#ws3 = #ttnn.layout<l1, width_sharded, f32, grid = 3x1, shard = 1472x64>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @overlapping_shards
func.func @overlapping_shards(%a: tensor<2x710x192xf32, #ws3>, %w: tensor<1x192xbf16, #dram>, %b: tensor<1x192xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: success cb=712704 l1=376832 total=1089536 out=376832
  %0 = ttnn.rms_norm %a weight %w bias %b : tensor<2x710x192xf32, #ws3>, tensor<1x192xbf16, #dram>, tensor<1x192xbf16, #l1> -> tensor<2x710x192xf32, #ws3>
  return
}
