// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A tiled slice through row-major data (begins inside a tile) into height shards of whole rows on one core:
// ttnn 0.81.1 runs it even where the untilized input needs more of those shards than the grid has
// (4x382x960 [0:1, 339:351] into 1x1 height shards of 32x960: cb 122880, fresh draw seed 71004), on
// buffers the model does not derive: not_implemented. Narrower one-core shards keep their TT_FATAL
// (op_model_slice_padded.mlir).

// CHECK-LABEL: op constraints of @one_core
func.func @one_core(%a: tensor<4x382x960xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: not_implemented: {{.*}}(height shards of whole rows on one core) is not modelled
  %0 = ttnn.slice %a {begins = array<i64: 0, 339, 0>, ends = array<i64: 1, 351, 960>, step = array<i64: 1, 1, 1>} : tensor<4x382x960xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x12x960xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x960>>
  return
}
