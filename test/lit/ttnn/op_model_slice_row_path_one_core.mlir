// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A tiled slice through row-major data (begins inside a tile) into height shards of whole rows on one core:
// ttnn 0.81.1 untilizes the padded input into one height shard it derives (1536x960), 3 MB, which the
// mock devices' graph capture allocates (cb 122880, l1 3133440, total 3135360, out 61440 on both;
// fresh draw seed 71004) and hardware cannot: the model answers out_of_memory with ttnn's total.

// CHECK-LABEL: op constraints of @one_core
func.func @one_core(%a: tensor<4x382x960xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: out_of_memory: ttnn.slice: needs 3135360 B of L1 per core
  %0 = ttnn.slice %a {begins = array<i64: 0, 339, 0>, ends = array<i64: 1, 351, 960>, step = array<i64: 1, 1, 1>} : tensor<4x382x960xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x12x960xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x960>>
  return
}
