// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.conv2d of an activation whose sticks hold other channels than
// in_channels (96 or 128 for 64): ttnn 0.81.1 rejects it from DRAM (conv2d_DRAM's
// reshape to [N, H, W, in_channels] fails), in the height-sharded matmul and
// under width sharding when the held channels take more tiles than
// in_channels' padded over its cores (act_matrix_width ==
// weight_matrix_height). From L1 interleaved, a padded height-sharded window
// runs: the halo moves the held sticks, the conv's CBs are in_channels'
// (measured, no bias: Wormhole cb 73792, l1 63616, total 129104, out 8192;
// Blackhole 49216 / 47264 / 92240 / 4096), when in_channels are whole tiles
// or the held channels not a multiple of 16 (24 held as 48 reads a tile of
// channels: not_implemented). Block sharding's CBs differ: not_implemented.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#rml1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 3136x32>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 8x2, shard = 416x32>

// CHECK-LABEL: op constraints of @held
func.func @held(%x0: tensor<1x1x3136x96xbf16, #rm>, %x1: tensor<1x1x3136x128xbf16, #rml1>, %wt: tensor<64x64x3x3xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: backend_error: ttnn.conv2d: the input holds 96 channels, in_channels is 64: ttnn 0.81.1 rejects the call
  %0 = ttnn.conv2d %x0, %wt {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x96xbf16, #rm>, tensor<64x64x3x3xbf16, #w> -> tensor<1x1x3136x64xbf16, #hs>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=73792 l1=63616 total=129104 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=49216 l1=47264 total=92240 out=4096
  %1 = ttnn.conv2d %x1, %wt {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x128xbf16, #rml1>, tensor<64x64x3x3xbf16, #w> -> tensor<1x1x3136x64xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: backend_error: ttnn.conv2d: the input holds 128 channels, in_channels is 64: ttnn 0.81.1 rejects the call
  %2 = ttnn.conv2d %x1, %wt {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x128xbf16, #rml1>, tensor<64x64x3x3xbf16, #w> -> tensor<1x1x3136x64xbf16, #ws>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: not_implemented: ttnn.conv2d: the input holds 128 channels, in_channels is 64: under block sharding its act block width
  %3 = ttnn.conv2d %x1, %wt {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x128xbf16, #rml1>, tensor<64x64x3x3xbf16, #w> -> tensor<1x1x3136x64xbf16, #bs>
  return
}

// CHECK-LABEL: op constraints of @held_sixteen
func.func @held_sixteen(%x: tensor<1x1x900x48xbf16, #rml1>, %wt: tensor<32x24x5x5xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: not_implemented: ttnn.conv2d: the input holds 48 channels, in_channels is 24: not modelled
  %0 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 30 : i64, input_width = 30 : i64, in_channels = 24 : i64, out_channels = 32 : i64, kernel_size = array<i64: 5, 5>, stride = array<i64: 1, 1>, padding = array<i64: 2, 2>} : tensor<1x1x900x48xbf16, #rml1>, tensor<32x24x5x5xbf16, #w> -> tensor<1x1x900x32xbf16, #hs>
  return
}
