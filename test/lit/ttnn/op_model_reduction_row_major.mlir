// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Row-major reductions in ttnn 0.81.1: a sum or mean over W or H runs the
// dense row-major program (a row-major result); anything else tilizes the
// input (placed like it) and runs the tiled programs, whose result is tiled.
// Figures: mock-device measurements (Wormhole).

#l1_rm = #ttnn.layout<row_major, l1, interleaved, bf16>
#dram_rm = #ttnn.layout<row_major, dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @dense
func.func @dense(%a: tensor<4x160x86xbf16, #l1_rm>) {
  // 2 input tiles, three single tiles, max(2, min(Ht, 8)) = 5 tiles, 2 output
  // tiles; 4 rows of 172 B (176 a bank).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: success cb=24576 l1=176 total=24752 out=176
  %0 = ttnn.mean %a {dim_arg = array<i64: 1>, keep_dim = true} : tensor<4x160x86xbf16, #l1_rm> -> tensor<4x1x86xbf16, #l1_rm>
  return
}

// CHECK-LABEL: op constraints of @tilized
func.func @tilized(%a: tensor<158x232xbf16, #l1_rm>) {
  // The tilize: a row of 8 tiles in each CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=32768 l1=2048 total=34816 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>]
  %0 = ttnn.min %a {dim_arg = array<i64: 0>, keep_dim = true} : tensor<158x232xbf16, #l1_rm> -> tensor<1x232xbf16, #dram_rm>
  return
}
