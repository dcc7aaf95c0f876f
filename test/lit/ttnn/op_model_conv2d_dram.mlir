// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// ttnn.conv2d into DRAM: `shard_layout` names the conv config's scheme; ttnn
// 0.81.1 runs that scheme's programs, then sharded_to_interleaved copies the
// result out (no CBs of its own), so the L1 figures are the sharded ones and
// the output's L1 is 0. Figures: the calibration harness's mock-device ones.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @height
// STATE-LABEL: op constraints of @height (stateful)
func.func @height(%x: tensor<1x1x3136x64xbf16, #rm>, %wt: tensor<256x64x1x1xbf16, #w>, %b: tensor<1x1x1x256xbf16, #w>, %y: tensor<1x1x784x128xbf16, #rm>, %w3: tensor<128x128x3x3xbf16, #w>, %b3: tensor<1x1x1x128xbf16, #w>) {
  // The 1x1 matmul path (its L1 output shard 32768 B when sharded).
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=49152 l1=40960 total=90112 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=49152 l1=40960 total=90112 out=0 {{.*}} allocs=[dram@{{[0-9]+}}+{{[0-9]+}}]
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x3136x64xbf16, #rm>, tensor<256x64x1x1xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x3136x256xbf16, #dram>
  // The halo path, which ends in DRAM either way.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=155712 l1=32896 total=188496 out=0
  %1 = ttnn.conv2d %y, %w3 bias %b3 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 128 : i64, out_channels = 128 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<height_sharded>} : tensor<1x1x784x128xbf16, #rm>, tensor<128x128x3x3xbf16, #w>, tensor<1x1x1x128xbf16, #w> -> tensor<1x1x784x128xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @block
func.func @block(%x: tensor<1x1x784x128xbf16, #rm>, %wt: tensor<512x128x1x1xbf16, #w>, %b: tensor<1x1x1x512xbf16, #w>, %z: tensor<1x1x196x256xbf16, #rm>, %w3: tensor<256x256x3x3xbf16, #w>, %b3: tensor<1x1x1x256xbf16, #w>) {
  // The block-sharded 1x1 matmul (its L1 output shard 32768 B when sharded).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=40960 l1=40960 total=81920 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>]
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 128 : i64, out_channels = 512 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x784x128xbf16, #rm>, tensor<512x128x1x1xbf16, #w>, tensor<1x1x1x512xbf16, #w> -> tensor<1x1x784x512xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=20544 l1=6784 total=27232 out=0
  %1 = ttnn.conv2d %z, %w3 bias %b3 {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 256 : i64, out_channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x196x256xbf16, #rm>, tensor<256x256x3x3xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x196x256xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @not_modelled
func.func @not_modelled(%x: tensor<1x1x3136x64xbf16, #rm>, %wt: tensor<256x64x1x1xbf16, #w>) {
  // Without shard_layout ttnn would choose a scheme itself.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: not_implemented: ttnn.conv2d: an interleaved output needs the conv config's shard_layout (ttnn's automatic choice is not modelled)
  %0 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : tensor<1x1x3136x64xbf16, #rm>, tensor<256x64x1x1xbf16, #w> -> tensor<1x1x3136x256xbf16, #dram>
  return
}
