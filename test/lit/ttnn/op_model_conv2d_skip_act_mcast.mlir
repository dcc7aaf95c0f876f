// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.conv2d under width sharding whose input and output channels each sit
// on one core (32 -> 32): ttnn 0.81.1 skips the act multicast
// (conv_skip_mcast: num_cores_c_in == num_cores_c_out == 1) and get_cb_info
// overlaps the act CB with the tilized one (skip_act_cb_create): one act
// block of 7 x 9 tiles fewer. 32 -> 64 takes two output cores: both blocks.
// Measured on both mock devices (14x14, 3x3, padding 1): bf16 186432 /
// 30784 / 217216 B; a bfp8_b result 125952 / 29136 / 150016 B; 32 -> 64
// 315456 / 30784 / 346240 B.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>
#dram8 = #ttnn.layout<dram, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @one_core
func.func @one_core(%x: tensor<1x1x196x32xbf16, #rm>, %w0: tensor<32x32x3x3xbf16, #w>, %b0: tensor<1x1x1x32xbf16, #w>, %w1: tensor<64x32x3x3xbf16, #w>, %b1: tensor<1x1x1x64xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=186432 l1=30784 total=217216 out=0
  %0 = ttnn.conv2d %x, %w0 bias %b0 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 32 : i64, out_channels = 32 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<width_sharded>} : tensor<1x1x196x32xbf16, #rm>, tensor<32x32x3x3xbf16, #w>, tensor<1x1x1x32xbf16, #w> -> tensor<1x1x196x32xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=125952 l1=29136 total=150016 out=0
  %1 = ttnn.conv2d %x, %w0 bias %b0 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 32 : i64, out_channels = 32 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<width_sharded>} : tensor<1x1x196x32xbf16, #rm>, tensor<32x32x3x3xbf16, #w>, tensor<1x1x1x32xbf16, #w> -> tensor<1x1x196x32xbf16, #dram8>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=315456 l1=30784 total=346240 out=0
  %2 = ttnn.conv2d %x, %w1 bias %b1 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 32 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<width_sharded>} : tensor<1x1x196x32xbf16, #rm>, tensor<64x32x3x3xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x196x64xbf16, #dram>
  return
}
