// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.layer_norm / rms_norm: ttnn 0.81.1 throws when the program's CBs,
// from the L1 allocator's base, pass the top of L1 or the L1 inputs below it
// (dataflow_buffer.cpp, measured on both mock devices: 1,650,688 B of
// sharded-program CBs; 1,310,720 B under a 131,648 B input shard on
// Wormhole, not on Blackhole); the output, allocated afterwards, does not
// count (712,704 B beside 2 x 376,832 B of f32 shards run).

#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 640x224>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @over_l1
func.func @over_l1(%a: tensor<1x640x448xbf16, #ws>, %w: tensor<1x448xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: out_of_memory: ttnn.layer_norm: circular buffers of 1650688 B per core from the L1 allocator's base pass the top of L1
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

#bs = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x2, shard = 352x352>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>

// CHECK-LABEL: op constraints of @under_input_shards
func.func @under_input_shards(%a: tensor<352x704xbf16, #bs>, %b: tensor<704xf32, #dram_f32>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: out_of_memory: ttnn.layer_norm: circular buffers of 1310720 B per core from the L1 allocator's base pass the top of L1 or the 131648 B of L1 inputs below it
  %0 = ttnn.layer_norm %a bias %b {epsilon = 1.0e-06 : f32} : tensor<352x704xbf16, #bs>, tensor<704xf32, #dram_f32> -> tensor<352x704xbf16, #bs>
  return
}
