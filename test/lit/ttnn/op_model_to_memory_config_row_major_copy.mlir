// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// to_memory_config of row-major tensors whose width or block shard rows are not L1-aligned (ttnn 0.81.1, mock
// Wormhole): ttnn's row-major copy, 2 output pages aligned to the output buffer and one input page in a
// scratchpad (a page: a width or block shard's row, else the whole row), each at most 256 KiB.

#l1f = #ttnn.layout<row_major, l1, interleaved, f32>
#bsf = #ttnn.layout<row_major, l1, block_sharded, f32, grid = 7x4, shard = 4x174>
#dramf = #ttnn.layout<row_major, dram, interleaved, f32>
#wsf = #ttnn.layout<row_major, l1, width_sharded, f32, grid = 1x8, shard = 2x8750>

// CHECK-LABEL: op constraints of @row_major_copy
func.func @row_major_copy(%a: tensor<26x694xf32, #l1f>, %b: tensor<2x70000xf32, #dramf>) {
  // 2 x align(174 x 4, 16) B of output pages; the 2776 B input row in the scratchpad.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_memory_config: success cb=1408 l1=2816 total=7000 out=2816
  %0 = ttnn.to_memory_config %a : tensor<26x694xf32, #l1f> -> tensor<26x694xf32, #bsf>
  // The 280000 B input row is staged 256 KiB at a time.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_memory_config: success cb=70016 l1=70016 total=402176 out=70016
  %1 = ttnn.to_memory_config %b : tensor<2x70000xf32, #dramf> -> tensor<2x70000xf32, #wsf>
  return
}
