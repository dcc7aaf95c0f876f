// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.conv2d whose halo phase holds the overall peak with the reshard's
// scratchpad (a stride above the kernel: 1x1 stride 2 with padding, from a
// row-major DRAM input, block sharded): the peak is the halo phase's L1 and
// the scratchpad, without the halo's two padding-stick CBs (measured on the
// mock devices: Wormhole cb 28736, l1 85168, total 85808; Blackhole 14400 /
// 48736 / 49248; fresh draw seed 151897464 conv2d #34, where the model had
// the padding sticks' 224 B (128 B) more).

// WH-LABEL: op constraints of @strided
// BH-LABEL: op constraints of @strided
func.func @strided(%a0: tensor<1x1x2704x416xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %a1: tensor<256x416x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=28736 l1=85168 total=85808 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=14400 l1=48736 total=49248 out=0
  %r = ttnn.conv2d %a0, %a1 {batch_size = 1 : i64, input_height = 52 : i64, input_width = 52 : i64, in_channels = 416 : i64, out_channels = 256 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, shard_layout = #ttnn.memory_layout<block_sharded>} : tensor<1x1x2704x416xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, tensor<256x416x1x1xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x729x256xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}
