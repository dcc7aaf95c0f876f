// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.permute of bfp8_b: a program that runs in bf16 holds the input's bf16 copy until the op
// returns; the CN-and-WH program takes bfp8_b tiles as they are. Figures measured on the mock devices
// (bench/opmodel_cases_data.py).

#dram_b = #ttnn.layout<dram, interleaved, bfp8_b>
#l1_b = #ttnn.layout<l1, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @block_float
func.func @block_float(%a: tensor<2x832x1024xbf16, #l1_b>, %b: tensor<2x4x64x96xbf16, #dram_b>) {
  // At the last typecast: the bf16 input (53248 B), the bf16 result (851968 B), the bfp8_b result.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=8224 l1=1357824 total=1366048 out=452608
  %0 = ttnn.permute %a {permutation = array<i64: 2, 0, 1>} : tensor<2x832x1024xbf16, #l1_b> -> tensor<1024x2x832xbf16, #l1_b>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=4352 l1=1088 total=5440 out=1088
  %1 = ttnn.permute %b {permutation = array<i64: 1, 0, 3, 2>} : tensor<2x4x64x96xbf16, #dram_b> -> tensor<4x2x96x64xbf16, #l1_b>
  return
}
