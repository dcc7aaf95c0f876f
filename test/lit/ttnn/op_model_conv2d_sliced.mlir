// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d from DRAM whose conv program's CBs exceed L1 while its weight
// block and bias row fit: ttnn 0.81.1 slices the input over DRAM (op_slicing's
// determine_slice_config): three slices of 10 output rows (the input is
// narrower than 200 pixels), each padded_slice'd into width shards, through
// the halo and conv programs and slice_write, then the 30x30 result reshaped
// to its flattened shape. Figures: mock-device measurements (both devices).
// Only a weight block beyond the free L1 fails whatever the slicing
// (op_model_conv2d_halo_limits.mlir).

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @sliced
func.func @sliced(%x: tensor<1x1x1024x192xbf16, #rm>, %wt: tensor<240x192x5x5xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=1181760 l1=61136 total=1230448 out=0
  %0 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 32 : i64, input_width = 32 : i64, in_channels = 192 : i64, out_channels = 240 : i64, kernel_size = array<i64: 5, 5>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<width_sharded>} : tensor<1x1x1024x192xbf16, #rm>, tensor<240x192x5x5xbf16, #w> -> tensor<1x1x900x240xbf16, #dram>
  return
}
