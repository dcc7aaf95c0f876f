// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.embedding with a tiled weight: ttnn 0.81.1 untilizes it first (to_layout's rule) into a row-major
// table placed like it, live until the op returns, then runs the row-major table's programs. Figures
// measured on the mock devices (bench/opmodel_cases_data.py).

#ids = #ttnn.layout<row_major, dram, interleaved, u32>
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @tiled_weight
func.func @tiled_weight(%i: tensor<2x64xui32, #ids>, %j: tensor<2x60xui32, #ids>, %w: tensor<100x96xbf16, #dram>, %v: tensor<100x90xbf16, #l1>) {
  // The untilize's 3 + 3 tiles are the peak; the row-major program holds 2 rows of 192 B.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=12288 l1=0 total=12288 out=0
  %0 = ttnn.embedding %i, %w : tensor<2x64xui32, #ids>, tensor<100x96xbf16, #dram> -> tensor<2x64x96xbf16, #rm>
  // The fused program's 2 x 3 + 2 x 3 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=24576 l1=0 total=24704 out=0
  %1 = ttnn.embedding %i, %w : tensor<2x64xui32, #ids>, tensor<100x96xbf16, #dram> -> tensor<2x64x96xbf16, #dram>
  // 60 tokens: the row-major program, then a tilize.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=12288 l1=0 total=12288 out=0
  %2 = ttnn.embedding %j, %w : tensor<2x60xui32, #ids>, tensor<100x96xbf16, #dram> -> tensor<2x60x96xbf16, #dram>
  // An L1 weight's row-major copy stays in L1 (384 B) until the end.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=12288 l1=384 total=12672 out=0
  %3 = ttnn.embedding %i, %v : tensor<2x64xui32, #ids>, tensor<100x90xbf16, #l1> -> tensor<2x64x90xbf16, #dram>
  return
}
