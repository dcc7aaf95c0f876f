// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.layer_norm: ttnn 0.81.1 picks its large-tensor program when the
// single-pass CBs reach 95% of the L1 between the allocator's base and the
// L1 inputs (layernorm_op_multi_core.cpp); the L1 output, allocated after the
// choice, does not count. 192x3840 bf16 (Wt = 120): single-pass CBs of
// 1,302,528 B; its L1 input takes 24,576 B a bank on Wormhole (large) and
// 12,288 B on Blackhole (one pass). Figures: mock-device measurements.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @l1_input
func.func @l1_input(%a: tensor<192x3840xbf16, #l1>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.layer_norm: success cb=651264 l1=0 total=651264 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=1302528 l1=0 total=1302528 out=0
  %0 = ttnn.layer_norm %a : tensor<192x3840xbf16, #l1> -> tensor<192x3840xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @l1_output
func.func @l1_output(%a: tensor<192x3840xbf16, #dram>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.layer_norm: success cb=1302528 l1=24576 total=1327104 out=24576
  // BH: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=1302528 l1=12288 total=1314816 out=12288
  %0 = ttnn.layer_norm %a : tensor<192x3840xbf16, #dram> -> tensor<192x3840xbf16, #l1>
  return
}
