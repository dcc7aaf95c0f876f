// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.softmax: ttnn 0.81.1 TT_FATALs on a row-major input
// (softmax_device_operation.cpp:181), whatever the dimension, but for a
// rank-3 input over dimension 1 and a rank-4 input over its last, which it
// tilizes first (not modelled): measured for bf16 on both mock devices. A row-major f32 input
// runs (2x1x117x988 over dimension 3, both devices; not modelled).

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#rm_f32 = #ttnn.layout<row_major, dram, interleaved, f32>
#l1_rm_f32 = #ttnn.layout<row_major, l1, interleaved, f32>

// CHECK-LABEL: op constraints of @row_major
func.func @row_major(%a: tensor<64x64xbf16, #rm>, %b: tensor<3x40x50xbf16, #rm>, %c: tensor<2x3x40x50xbf16, #rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: backend_error: ttnn.softmax: the input is row_major
  %0 = ttnn.softmax %a {dimension = -1 : si32} : tensor<64x64xbf16, #rm> -> tensor<64x64xbf16, #rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: backend_error: ttnn.softmax: the input is row_major
  %1 = ttnn.softmax %b {dimension = 0 : si32} : tensor<3x40x50xbf16, #rm> -> tensor<3x40x50xbf16, #rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: not_implemented: ttnn.softmax: a row-major rank-3 input over dimension 1 (ttnn tilizes it first)
  %2 = ttnn.softmax %b {dimension = 1 : si32} : tensor<3x40x50xbf16, #rm> -> tensor<3x40x50xbf16, #rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: backend_error: ttnn.softmax: the input is row_major
  %3 = ttnn.softmax %c {dimension = 2 : si32} : tensor<2x3x40x50xbf16, #rm> -> tensor<2x3x40x50xbf16, #rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: not_implemented: ttnn.softmax: a row-major rank-4 input over dimension 3 (ttnn tilizes it first)
  %4 = ttnn.softmax %c {dimension = -1 : si32} : tensor<2x3x40x50xbf16, #rm> -> tensor<2x3x40x50xbf16, #rm>
  return
}

// CHECK-LABEL: op constraints of @row_major_f32
func.func @row_major_f32(%a: tensor<2x1x117x988xf32, #rm_f32>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: not_implemented: ttnn.softmax: a row-major input of another type than bf16
  %0 = ttnn.softmax %a {dimension = 3 : si32} : tensor<2x1x117x988xf32, #rm_f32> -> tensor<2x1x117x988xf32, #l1_rm_f32>
  return
}
