// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// The input_grad program's CBs grow from the L1 allocator's base and must stay below dy and x, allocated
// in L1 before the op: on Blackhole the small program's 1,456,128 B reach them and ttnn 0.81.1 throws
// (dataflow_buffer.cpp); on Wormhole ttnn picks the large program (32,768 B), which fits. Figures: the
// mock devices (a fresh held-out draw, seed 469992928, moreh #13).

#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @below_l1_inputs
// BH-LABEL: op constraints of @below_l1_inputs
func.func @below_l1_inputs(%dy: tensor<928x384xbf16, #l1>, %x: tensor<928x384xbf16, #l1>, %s: tensor<1x1xbf16, #dram>, %g: tensor<928x384xbf16, #dram>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.moreh_layer_norm_backward: success cb=32768 l1=0 total=32768 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.moreh_layer_norm_backward: out_of_memory: ttnn.moreh_layer_norm_backward: circular buffers of 1456128 B per core from the L1 allocator's base pass the top of L1 or the {{[0-9]+}} B of L1 inputs below it
  %0 = ttnn.moreh_layer_norm_backward %dy, %x, %s, %s gamma %g {normalized_dims = 2 : i64} : tensor<928x384xbf16, #l1>, tensor<928x384xbf16, #l1>, tensor<1x1xbf16, #dram>, tensor<1x1xbf16, #dram>, tensor<928x384xbf16, #dram> -> tensor<928x384xbf16, #dram>
  return
}

// The gradients the op allocates do not count: the small program's 933,888 B on Blackhole fit
// below 2x620x344 dy and x in width shards (245,760 B each), not below those and input_grad's
// shards too, and ttnn runs it (fresh stress draw seed 284182979, moreh #5; the model had said
// out_of_memory). Wormhole takes its large program.
#ws_in = #ttnn.layout<l1, width_sharded, bf16, grid = 1x4, shard = 1280x96>
#ws_out = #ttnn.layout<l1, width_sharded, bf16, grid = 4x1, shard = 1280x96>

// BH-LABEL: op constraints of @above_own_gradients
func.func @above_own_gradients(%dy: tensor<2x620x344xbf16, #ws_in>, %x: tensor<2x620x344xbf16, #ws_in>, %s: tensor<1x2xbf16, #dram>) {
  // BH: :[[@LINE+1]]:{{.*}} ttnn.moreh_layer_norm_backward: success cb=933888 l1=245760 total=1179648 out=245760
  %0 = ttnn.moreh_layer_norm_backward %dy, %x, %s, %s {normalized_dims = 2 : i64} : tensor<2x620x344xbf16, #ws_in>, tensor<2x620x344xbf16, #ws_in>, tensor<1x2xbf16, #dram>, tensor<1x2xbf16, #dram> -> tensor<2x620x344xbf16, #ws_out>
  return
}
