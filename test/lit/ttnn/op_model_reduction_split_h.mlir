// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn 0.81.1 splits a column reduction of at least 20 tile rows over
// min(cores / columns, Ht) slices when two fit the grid: a program writing
// row-major partials (f32 for sum and mean) placed like the output, then their
// reduction (2 + 1 + max(2, ceil(slices / 32)) + 1 partial tiles, the output
// tile and 2 output pages). No split for a bfp8_b max / min or a sharded
// input. Figures: mock-device measurements (Wormhole).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram_bfp8 = #ttnn.layout<dram, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @split
func.func @split(%a: tensor<640x64xbf16, #dram>) {
  // 20 slices of 2 columns: 20 rows of 256 B partials (256 B a bank).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=30720 l1=2304 total=33024 out=2048
  %0 = ttnn.sum %a {dim_arg = array<i64: 0>, keep_dim = true} : tensor<640x64xbf16, #dram> -> tensor<1x64xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @no_split
func.func @no_split(%a: tensor<640x64xbf16, #dram_bfp8>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=6400 l1=0 total=6400 out=0
  %0 = ttnn.max %a {dim_arg = array<i64: 0>, keep_dim = true} : tensor<640x64xbf16, #dram_bfp8> -> tensor<1x64xbf16, #dram_bfp8>
  return
}
