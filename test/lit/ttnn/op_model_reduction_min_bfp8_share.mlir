// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.min of bfp8_b: ttnn 0.81.1's negating H program keeps the column's
// tiles for the lcm of the core groups' column shares, measured up to 6
// (shares 3 and 2); with 1,857 columns on 64 cores (shares 30 and 29) it kept
// one column (12,928 B of CBs, mock Wormhole): not derived, not implemented.

#l1 = #ttnn.layout<l1, interleaved, bfp8_b>
#dram = #ttnn.layout<dram, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @wide_share
func.func @wide_share(%a: tensor<4x3x619x32xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: not_implemented: a bfp8_b min over 1857 columns of tiles
  %0 = ttnn.min %a {dim_arg = array<i64: -4>} : tensor<4x3x619x32xbf16, #l1> -> tensor<3x619x32xbf16, #dram>
  return
}
