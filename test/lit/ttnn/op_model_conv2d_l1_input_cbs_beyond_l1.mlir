// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d whose program CBs exceed the usable L1, from an L1 input: ttnn
// 0.81.1 does not slice an L1 input, and under graph capture it runs the
// program anyway (measured on both mock devices: cb 1769536, l1 205856,
// total 1975392 B for this 3x3 stride-2 conv). What hardware does is not
// modelled, so the model answers not_implemented (from a DRAM input ttnn
// finds no slicing that fits: out_of_memory, op_model_conv2d_dram.mlir).

#hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 3x2, shard = 33x512>
#w = #ttnn.layout<dram, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @l1_input
func.func @l1_input(%x: tensor<1x1x196x512xbf16, #hs>, %wt: tensor<512x512x3x3xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: not_implemented: ttnn.conv2d: the conv program's CBs (1769536 B) exceed the usable L1 per core from an L1 input, which ttnn 0.81.1 does not slice; not modelled
  %0 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 512 : i64, out_channels = 512 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x196x512xbf16, #hs>, tensor<512x512x3x3xbf16, #w> -> tensor<1x1x49x512xbf16, #dram>
  return
}
