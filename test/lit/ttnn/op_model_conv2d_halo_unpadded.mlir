// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.conv2d whose halo phase holds the overall peak, of an unpadded window
// (a 4x4 stride-4 patchify from L1 interleaved, not folded): the row-major
// halo holds no padding-stick CBs without padding, so the peak is the halo
// phase's L1 and the reshard's scratchpad (measured on the mock devices:
// Wormhole cb 204864, l1 802880, total 803136, out 100352; Blackhole 168000 /
// 661568 / 662080 / 81920; fresh draw seed 395425510 conv2d #42, where the
// model had 32 B more).

// WH-LABEL: op constraints of @patchify
// BH-LABEL: op constraints of @patchify
func.func @patchify(%a0: tensor<1x1x200704x4xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %a1: tensor<32x4x4x4xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a2: tensor<1x1x1x32xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=204864 l1=802880 total=803136 out=100352
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=168000 l1=661568 total=662080 out=81920
  %r = ttnn.conv2d %a0, %a1 bias %a2 {batch_size = 4 : i64, input_height = 224 : i64, input_width = 224 : i64, in_channels = 4 : i64, out_channels = 32 : i64, kernel_size = array<i64: 4, 4>, stride = array<i64: 4, 4>, padding = array<i64: 0, 0>} : tensor<1x1x200704x4xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, tensor<32x4x4x4xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x1x1x32xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x1x12544x32xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 1568x32>>
  return
}
