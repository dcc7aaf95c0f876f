// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.conv2d's block-sharded 1x1 matmul of a row-major input: tilized (with padding) into the
// input's buffer, resharded while the tilize's CBs are live, then the 2-D multicast matmul. From L1
// interleaved the tilized copy stays in L1 until the reshard is written (measured on both mock
// devices; fresh draw seed 370722752 conv2d #22, where the model answered the DRAM figures).

#l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#dram = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bfp8_b>
#out = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @tilized_in_l1
func.func @tilized_in_l1(%x: tensor<1x1x392x1024xbf16, #l1>, %y: tensor<1x1x392x1024xbf16, #dram>, %wt: tensor<256x1024x1x1xbf16, #w>, %b: tensor<1x1x1x256xbf16, #w>) {
  // 416 x 1024 tilized: 416 tiles over the L1 banks (7 pages on Wormhole's 64, 4 on Blackhole)
  // beside the 16384 B reshard, under the tilize's 2 x 65536 B of CBs.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=131072 l1=30720 total=161792 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=131072 l1=24576 total=155648 out=0
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 2 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 1024 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x392x1024xbf16, #l1>, tensor<256x1024x1x1xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x392x256xbf16, #out>
  // From DRAM: the shard alone.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=131072 l1=20480 total=147456 out=0
  %1 = ttnn.conv2d %y, %wt bias %b {batch_size = 2 : i64, input_height = 14 : i64, input_width = 14 : i64, in_channels = 1024 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x392x1024xbf16, #dram>, tensor<256x1024x1x1xbf16, #w>, tensor<1x1x1x256xbf16, #w> -> tensor<1x1x392x256xbf16, #out>
  return
}
