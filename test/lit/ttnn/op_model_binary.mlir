// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Binary eltwise family and where: one 2-page CB per operand and output,
// numpy broadcasting (a binary op broadcasting along height or width adds a
// 2-page CB, as ttnn 0.81.1 does; over batch dimensions it adds none),
// incompatible shapes are illegal.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @binary_dram
func.func @binary_dram(%a: tensor<64x1024xbf16, #dram>, %b: tensor<64x1024xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=12288 l1=0 total=12288 out=0
  %0 = ttnn.add %a, %b : tensor<64x1024xbf16, #dram>, tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.subtract: success cb=12288 l1=0 total=12288 out=0
  %1 = ttnn.subtract %a, %b : tensor<64x1024xbf16, #dram>, tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.multiply: success cb=12288 l1=0 total=12288 out=0
  %2 = ttnn.multiply %a, %b : tensor<64x1024xbf16, #dram>, tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.maximum: success cb=12288 l1=0 total=12288 out=0
  %3 = ttnn.maximum %a, %b : tensor<64x1024xbf16, #dram>, tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.minimum: success cb=12288 l1=0 total=12288 out=0
  %4 = ttnn.minimum %a, %b : tensor<64x1024xbf16, #dram>, tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @binary_to_l1
func.func @binary_to_l1(%a: tensor<64x1024xbf16, #dram>, %b: tensor<64x1024xbf16, #l1>, %row: tensor<1x1024xbf16, #l1>, %col: tensor<64x1xbf16, #l1>, %batch: tensor<2x64x1024xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=12288 l1=2048 total=14336 out=2048
  %0 = ttnn.add %a, %b : tensor<64x1024xbf16, #dram>, tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // Broadcasting a row: the output has the broadcast shape; a broadcast CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.multiply: success cb=16384 l1=2048 total=18432 out=2048
  %1 = ttnn.multiply %b, %row : tensor<64x1024xbf16, #l1>, tensor<1x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=16384 l1=2048 total=18432 out=2048
  %2 = ttnn.add %col, %b : tensor<64x1xbf16, #l1>, tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // Over the batch dimension only: no broadcast CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.subtract: success cb=12288 l1=4096 total=16384 out=4096
  %3 = ttnn.subtract %batch, %b : tensor<2x64x1024xbf16, #l1>, tensor<64x1024xbf16, #l1> -> tensor<2x64x1024xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @binary_incompatible
func.func @binary_incompatible(%a: tensor<64x1024xbf16, #dram>, %b: tensor<2048x2048xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: backend_error: ttnn.add: operand shapes 64x1024 and 2048x2048 are not broadcast-compatible
  %0 = ttnn.add %a, %b : tensor<64x1024xbf16, #dram>, tensor<2048x2048xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @where
func.func @where(%c: tensor<64x1024xbf16, #l1>, %a: tensor<64x1024xbf16, #dram>, %b: tensor<64x1024xbf16, #dram>) {
  // Three operand CBs and the output CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=16384 l1=2048 total=18432 out=2048
  %0 = ttnn.where %c, %a, %b : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #dram>, tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @where_broadcast
func.func @where_broadcast(%c: tensor<64x1024xbf16, #l1>, %row: tensor<1x1024xbf16, #l1>, %col: tensor<64x1xbf16, #l1>, %s: tensor<1x1xbf16, #l1>) {
  // A row-broadcast operand (1 x W, in any position): 3 more 2-page CBs, 7 in all (ttnn 0.81.1).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=28672 l1=2048 total=30720 out=2048
  %0 = ttnn.where %c, %row, %c : tensor<64x1024xbf16, #l1>, tensor<1x1024xbf16, #l1>, tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=28672 l1=2048 total=30720 out=2048
  %1 = ttnn.where %row, %c, %row : tensor<1x1024xbf16, #l1>, tensor<64x1024xbf16, #l1>, tensor<1x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // A column or a scalar: none.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=16384 l1=2048 total=18432 out=2048
  %2 = ttnn.where %c, %c, %col : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #l1>, tensor<64x1xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.where: success cb=16384 l1=2048 total=18432 out=2048
  %3 = ttnn.where %c, %c, %s : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #l1>, tensor<1x1xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  return
}
