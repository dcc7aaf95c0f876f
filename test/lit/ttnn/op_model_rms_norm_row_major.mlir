// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.rms_norm: ttnn 0.81.1 TT_FATALs on a row-major input (rmsnorm.cpp:36,
// measured on both mock devices).

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @row_major
func.func @row_major(%a: tensor<64x1024xbf16, #rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: backend_error: ttnn.rms_norm: the input is row_major
  %0 = ttnn.rms_norm %a : tensor<64x1024xbf16, #rm> -> tensor<64x1024xbf16, #rm>
  return
}
