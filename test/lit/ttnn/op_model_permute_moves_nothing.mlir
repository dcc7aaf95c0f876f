// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.permute of only dimensions of size 1, the last two staying: nothing moves in memory, and ttnn
// 0.81.1 returns the input or to_memory_config's copy (one 2-page CB). Figures measured on the mock
// devices (bench/opmodel_cases_data.py).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @moves_nothing
func.func @moves_nothing(%a: tensor<1x1x64x60xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=0 l1=0 total=0 out=0 {{.*}} runtime=0ns
  %0 = ttnn.permute %a {permutation = array<i64: 1, 0, 2, 3>} : tensor<1x1x64x60xbf16, #l1> -> tensor<1x1x64x60xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=4096 l1=0 total=4096 out=0
  %1 = ttnn.permute %a {permutation = array<i64: 1, 0, 2, 3>} : tensor<1x1x64x60xbf16, #l1> -> tensor<1x1x64x60xbf16, #dram>
  return
}
