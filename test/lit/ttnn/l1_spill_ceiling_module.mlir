// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-l1-spill-management))' | FileCheck %s
// Without the l1-usage-cap option the ceiling is the module's
// ttnn.l1_usage_cap: at 1.0 the two tensors of l1_spill_ceiling.mlir (99.3%
// of usable L1) stay in L1.

#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>

module attributes {ttnn.l1_usage_cap = 1.0 : f64} {
  // CHECK-LABEL: func.func @two_big
  // CHECK-NOT: to_memory_config
  func.func @two_big(%a: tensor<11360x2048xbf16, #dram>) -> (tensor<11360x2048xbf16, #dram>, tensor<11360x2048xbf16, #dram>) {
    %x = ttnn.relu %a : tensor<11360x2048xbf16, #dram> -> tensor<11360x2048xbf16, #l1>
    %y = ttnn.exp %a : tensor<11360x2048xbf16, #dram> -> tensor<11360x2048xbf16, #l1>
    %p = ttnn.neg %x : tensor<11360x2048xbf16, #l1> -> tensor<11360x2048xbf16, #dram>
    %q = ttnn.neg %y : tensor<11360x2048xbf16, #l1> -> tensor<11360x2048xbf16, #dram>
    return %p, %q : tensor<11360x2048xbf16, #dram>, tensor<11360x2048xbf16, #dram>
  }
}
