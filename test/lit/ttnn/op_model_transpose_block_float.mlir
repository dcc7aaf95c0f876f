// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.transpose of bfp8_b through bf16: the input's bf16 copy is a local of ttnn's transpose, live
// until the op returns. Figures measured on the mock devices (bench/opmodel_calibration.py).

#l1_b = #ttnn.layout<l1, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @block_float
func.func @block_float(%b: tensor<1x4x928x384xbf16, #l1_b>) {
  // Dimensions 1 and 3 run a permute program in bf16: the bf16 input (45056 B) is live at the end.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=12288 l1=590720 total=603008 out=189312
  %0 = ttnn.transpose %b {dim0 = -1 : si32, dim1 = 1 : si32} : tensor<1x4x928x384xbf16, #l1_b> -> tensor<1x384x928x4xbf16, #l1_b>
  return
}
