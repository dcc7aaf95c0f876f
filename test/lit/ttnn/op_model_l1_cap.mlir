// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATELESS
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATEFUL
// The stateless validation caps overall peak L1 at usable L1 x
// ttnn.l1_usage_cap (here 0.5 of 1463968 B); the stateful one leaves fit to
// the mock allocator.

#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>

module attributes {ttnn.l1_usage_cap = 0.5 : f64} {
  // STATELESS-LABEL: op constraints of @over_cap
  // STATEFUL-LABEL: op constraints of @over_cap
  func.func @over_cap(%a: tensor<2048x1024xbf16, #dram>, %b: tensor<1024x2048xbf16, #dram>) {
    // STATELESS: :[[@LINE+2]]:{{.*}} ttnn.matmul: out_of_memory: ttnn.matmul: needs 917504 B of L1 per core (peak 917504 + additional 0), over the cap of 731984 B (1463968 B usable x 0.5)
    // STATEFUL: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=786432 l1=131072 total=917504 out=131072
    %0 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #dram>, tensor<1024x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
    return
  }
}
