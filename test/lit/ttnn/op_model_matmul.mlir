// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Matmul as ttnn 0.81.1 configures it (docs/op-model.md, "Matmul program configs").

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @matmul_l1
func.func @matmul_l1(%a: tensor<2048x1024xbf16, #l1>, %b: tensor<1024x2048xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=262144 l1=131072 total=393216 out=131072
  %0 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #l1>, tensor<1024x2048xbf16, #l1> -> tensor<2048x2048xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @matmul_dram
func.func @matmul_dram(%a: tensor<2048x2048xbf16, #dram>, %b: tensor<2048x2048xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=655360 l1=0 total=655360 out=0
  %0 = ttnn.matmul %a, %b : tensor<2048x2048xbf16, #dram>, tensor<2048x2048xbf16, #dram> -> tensor<2048x2048xbf16, #dram>
  // transpose_b swaps b's inner dimensions before the product.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=655360 l1=0 total=655360 out=0
  %1 = ttnn.matmul %a, %b {transpose_b = true} : tensor<2048x2048xbf16, #dram>, tensor<2048x2048xbf16, #dram> -> tensor<2048x2048xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @matmul_illegal
func.func @matmul_illegal(%a: tensor<64x128xbf16, #dram>, %b: tensor<64x128xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: backend_error: ttnn.matmul: inner dimensions differ: a is 64x128, b is 64x128
  %0 = ttnn.matmul %a, %b : tensor<64x128xbf16, #dram>, tensor<64x128xbf16, #dram> -> tensor<64x128xbf16, #dram>
  return
}
