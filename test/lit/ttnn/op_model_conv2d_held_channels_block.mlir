// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.conv2d under block sharding of an L1 interleaved row-major input whose
// sticks hold more channels than in_channels: the halo moves the held sticks
// over in_channels' columns (the reshard and halo buffers grow), the conv's
// act block is in_channels' padded to 8 a column, or on some shapes to the
// alignment of the halo's shard width: answered where both give the same act
// block width, else not_implemented. Figures: mock-device measurements (both
// devices; fresh draw seed 362982676 conv2d #17 is of the second kind).

#rml1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#wf = #ttnn.layout<dram, interleaved, f32>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @held_232
func.func @held_232(%a0: tensor<1x1x288x232xbf16, #rml1>, %a1: tensor<100x200x3x3xf32, #wf>, %a2: tensor<1x1x1x100xf32, #wf>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=28736 l1=23936 total=46896 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=20544 l1=14432 total=32272 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 2 : i64, input_height = 12 : i64, input_width = 12 : i64, in_channels = 200 : i64, out_channels = 100 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x288x232xbf16, #rml1>, tensor<100x200x3x3xf32, #wf>, tensor<1x1x1x100xf32, #wf> -> tensor<1x1x72x100xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @held_19
func.func @held_19(%a0: tensor<1x1x3136x19xbf16, #rml1>, %a1: tensor<32x3x3x3xbf16, #w>, %a2: tensor<1x1x1x32xbf16, #w>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=57408 l1=53072 total=110480 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=45120 l1=42128 total=87248 out=0
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 3 : i64, out_channels = 32 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x3136x19xbf16, #rml1>, tensor<32x3x3x3xbf16, #w>, tensor<1x1x1x32xbf16, #w> -> tensor<1x1x3136x32xbf16, #dram>
  return
}

// 64 held as 96: ttnn pads in_channels to 16 a column (the held shards'
// alignment), not 8: act blocks of 2 tiles, not 1.
// CHECK-LABEL: op constraints of @held_96
func.func @held_96(%a0: tensor<1x1x784x96xbf16, #rml1>, %a1: tensor<128x64x3x3xbf16, #w>, %a2: tensor<1x1x1x128xbf16, #w>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: not_implemented
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 1 : i64, input_height = 28 : i64, input_width = 28 : i64, in_channels = 64 : i64, out_channels = 128 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x784x96xbf16, #rml1>, tensor<128x64x3x3xbf16, #w>, tensor<1x1x1x128xbf16, #w> -> tensor<1x1x784x128xbf16, #dram>
  return
}
