// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn 0.81.1's min of a bfp8_b tensor negates inside its programs, with two
// more CBs: W: 8 input pages from 4 rows a core on (else 2), a bf16 scaler,
// 2 output pages and 2 single tiles; H: 4 input and 4 output pages and two
// CBs of Ht tiles for each of lcm(ceil, floor) of the columns a core takes.
// Figures: mock-device measurements (Wormhole).

#dram = #ttnn.layout<dram, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @negating
func.func @negating(%a: tensor<300x32x32xbf16, #dram>, %b: tensor<130x64x32xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=15104 l1=0 total=15104 out=0
  %0 = ttnn.min %a {dim_arg = array<i64: 2>, keep_dim = true} : tensor<300x32x32xbf16, #dram> -> tensor<300x32x1xbf16, #dram>
  // 130 columns on 64 cores: shares of 3 and 2, lcm 6: two CBs of 2 x 6 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=36864 l1=0 total=36864 out=0
  %1 = ttnn.min %b {dim_arg = array<i64: 1>, keep_dim = true} : tensor<130x64x32xbf16, #dram> -> tensor<130x1x32xbf16, #dram>
  return
}
