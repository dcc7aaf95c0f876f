// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// A 1x1 stride-1 conv2d under width sharding from DRAM whose one-slice L1 estimate exceeds the free
// L1: width sharding never takes the 1x1 matmul, so ttnn slices it as any width conv (measured on
// both mock devices; fresh draw seed 875028336 conv2d #16).

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#wb = #ttnn.layout<dram, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @sliced
func.func @sliced(%x: tensor<1x1x6272x160xbf16, #rm>, %wx: tensor<96x160x1x1xbf16, #wb>, %bx: tensor<1x1x1x96xbf16, #wb>, %y: tensor<1x1x50176x64xbf16, #rm>, %wy: tensor<64x64x1x1xbf16, #w>, %by: tensor<1x1x1x64xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=468672 l1=458768 total=923856 out=0
  %0 = ttnn.conv2d %x, %wx bias %bx {batch_size = 2 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 160 : i64, out_channels = 96 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<width_sharded>} : tensor<1x1x6272x160xbf16, #rm>, tensor<96x160x1x1xbf16, #wb>, tensor<1x1x1x96xbf16, #wb> -> tensor<1x1x6272x96xbf16, #w>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=667712 l1=659472 total=1327184 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=725056 l1=716816 total=1441872 out=0
  %1 = ttnn.conv2d %y, %wy bias %by {batch_size = 1 : i64, input_height = 224 : i64, input_width = 224 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<width_sharded>} : tensor<1x1x50176x64xbf16, #rm>, tensor<64x64x1x1xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x50176x64xbf16, #w>
  return
}
