// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.conv2d: ttnn 0.81.1's 1x1 stride-1 path, a height-sharded matmul.
// (The halo path: op_model_conv2d_halo.mlir.)
// ResNet-50's stage-1 expand conv (56x56, 64 -> 256) on Wormhole: 64 pixels
// (rounded up to a tile row) on each of 49 cores; the reshard and its tilized
// copy of 8192 B each; the weight CB of all 2 x 8 tiles and a bias row of 8
// (49152 B in bf16, 26112 B in bfp8_b); a 32768 B output shard. Figures: the
// calibration harness's mock-device ones.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#w8 = #ttnn.layout<dram, interleaved, bfp8_b>
#rml1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 64x64>

// CHECK-LABEL: op constraints of @expand
// STATE-LABEL: op constraints of @expand (stateful)
// BH-LABEL: op constraints of @expand
func.func @expand(%x: tensor<1x1x3136x64xbf16, #rm>, %wt: tensor<256x64x1x1xbf16, #w>, %b: tensor<1x1x1x256xbf16, #w>, %wt8: tensor<256x64x1x1xbf16, #w8>, %b8: tensor<1x1x1x256xbf16, #w8>) {
  // CHECK: :[[@LINE+3]]:{{.*}} ttnn.conv2d: success cb=49152 l1=40960 total=90112 out=32768 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 7x8, shard = 64x256>] runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=49152 l1=40960 total=90112 out=32768 {{.*}} allocs=[l1@1466368+32768]
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=49152 l1=20480 total=69632 out=16384 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 8x13, shard = 32x256>]
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x3136x64xbf16, #rm>, tensor<256x64x1x1xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x3136x256xbf16, #hs>
  // bfp8_b weights and bias, a fused relu: 24 tiles of 1088 B.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=26112 l1=40960 total=67072 out=32768
  %1 = ttnn.conv2d %x, %wt8 bias %b8 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, activation = "relu"} : tensor<1x1x3136x64xbf16, #rm>, tensor<256x64x1x1xbf16, #w8>, tensor<1x1x1x256xbf16, #w8> -> tensor<1x1x3136x256xbf16, #hs>
  // No bias: the weight CB alone.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=32768 l1=40960 total=73728 out=32768
  %2 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x3136x64xbf16, #rm>, tensor<256x64x1x1xbf16, #w> -> tensor<1x1x3136x256xbf16, #hs>
  return
}

// CHECK-LABEL: op constraints of @limits
func.func @limits(%x: tensor<1x1x49x512xbf16, #rm>, %wt: tensor<2048x512x1x1xbf16, #w>, %wt8: tensor<2048x512x1x1xbf16, #w8>, %y: tensor<1x1x3136x64xbf16, #rm>, %yl1: tensor<1x1x3136x64xbf16, #rml1>, %w3: tensor<64x64x3x3xbf16, #w>, %w1: tensor<64x64x1x1xbf16, #w>) {
  // Stage 4's expand conv: 16 x 64 bf16 weight tiles do not fit L1; bfp8_b ones do.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: out_of_memory: ttnn.conv2d: the weight and bias CBs (2097152 B, all of K x N tiles)
  %0 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 7 : i64, input_width = 7 : i64, in_channels = 512 : i64, out_channels = 2048 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x49x512xbf16, #rm>, tensor<2048x512x1x1xbf16, #w> -> tensor<1x1x49x2048xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=1114112 l1=163840 total=1277952 out=131072
  %1 = ttnn.conv2d %x, %wt8 {batch_size = 1 : i64, input_height = 7 : i64, input_width = 7 : i64, in_channels = 512 : i64, out_channels = 2048 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x49x512xbf16, #rm>, tensor<2048x512x1x1xbf16, #w8> -> tensor<1x1x49x2048xbf16, #hs>
  // A 3x3 convolution of an L1 input: the halo path's peaks, the result kept
  // in L1 (op_model_conv2d_l1_input.mlir).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=73792 l1=31872 total=105552 out=8192 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 7x8, shard = 64x64>]
  %2 = ttnn.conv2d %yl1, %w3 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #rml1>, tensor<64x64x3x3xbf16, #w> -> tensor<1x1x3136x64xbf16, #hs>
  return
}
