// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Shapes the op model cannot size are typed errors, stateless and stateful,
// reported before any rule that would read the bad size: a dynamic dimension
// is not supported (static shapes only); a tensor of more than 2^64 bytes
// (2^36 x 2^36 bf16 = 2^62 tiles of 2048 B) is a backend error. Neither is a
// size: before, ?x32 answered 2^63 + 2048 B and 2^36 x 2^36 answered 0 B.

#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>

func.func @bad(%a: tensor<?x32xbf16, #dram>, %b: tensor<68719476736x68719476736xbf16, #dram>, %c: tensor<64x32xbf16, #dram>, %d: tensor<32x?xbf16, #dram>, %col: tensor<68719476736x1xbf16, #dram>, %row: tensor<1x68719476736xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: not_implemented: ttnn.relu: dimension 0 of the operand 0 shape ?x32 is dynamic; the op model answers static shapes only
  %0 = ttnn.relu %a : tensor<?x32xbf16, #dram> -> tensor<?x32xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: backend_error: ttnn.relu: the operand 0 tensor 68719476736x68719476736 bf16 is more than 2^64 bytes
  %1 = ttnn.relu %b : tensor<68719476736x68719476736xbf16, #dram> -> tensor<68719476736x68719476736xbf16, #l1>
  // Not "not broadcast-compatible": the operand is reported first.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: not_implemented: ttnn.add: dimension 0 of the operand 0 shape ?x32 is dynamic
  %2 = ttnn.add %a, %c : tensor<?x32xbf16, #dram>, tensor<64x32xbf16, #dram> -> tensor<64x32xbf16, #l1>
  // Not "inner dimensions differ".
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: not_implemented: ttnn.matmul: dimension 1 of the operand 0 shape 32x? is dynamic
  %3 = ttnn.matmul %d, %c : tensor<32x?xbf16, #dram>, tensor<64x32xbf16, #dram> -> tensor<32x32xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: backend_error: ttnn.sum: the input tensor 68719476736x68719476736 bf16 is more than 2^64 bytes
  %4 = ttnn.sum %b {dim_arg = array<i64: 0>, keep_dim = true} : tensor<68719476736x68719476736xbf16, #dram> -> tensor<1x68719476736xbf16, #l1>
  // Operands that broadcast to an output of more than 2^64 bytes.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: backend_error: ttnn.add: the output tensor 68719476736x68719476736 bf16 is more than 2^64 bytes
  %5 = ttnn.add %col, %row : tensor<68719476736x1xbf16, #dram>, tensor<1x68719476736xbf16, #dram> -> tensor<68719476736x68719476736xbf16, #dram>
  return
}
