// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// A transposed b in L1 for MatmulMultiCore: ttnn.transpose copies it into L1, and the product runs
// MatmulMultiCore (2-tile CBs), the copy not lowering the config's L1 budget.
// Figures measured on the mock devices.

// CHECK-LABEL: op constraints of @l1_copy
// BH-LABEL: op constraints of @l1_copy
func.func @l1_copy(%a: tensor<2x64x1760xbf16, #ttnn.layout<dram, interleaved, bf16>>, %b: tensor<2x448x1760xbf16, #ttnn.layout<l1, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=12288 l1=51200 total=63488 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=12288 l1=24576 total=36864 out=0
  %0 = ttnn.matmul %a, %b {transpose_b = true} : tensor<2x64x1760xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<2x448x1760xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<2x64x448xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}
