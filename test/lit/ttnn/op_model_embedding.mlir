// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.embedding: ttnn 0.81.1's row-major program, its fused tilizing program, and the row-major program
// followed by a tilize. Figures measured on the mock devices (bench/opmodel_cases_data.py).

#ids = #ttnn.layout<row_major, dram, interleaved, u32>
#ids_l1 = #ttnn.layout<row_major, l1, interleaved, u32>
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#rm_l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#rm_f32 = #ttnn.layout<row_major, dram, interleaved, f32>
#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @row_major
// BH-LABEL: op constraints of @row_major
func.func @row_major(%i: tensor<2x64xui32, #ids>, %j: tensor<2x64xui32, #ids_l1>, %w: tensor<1000x100xbf16, #rm>) {
  // 128 rows on 64 cores: two 224 B rows (200 B aligned to DRAM's 32) of CB; the index block (32 / 4
  // indices of 32 B) is a 256 B scratchpad. Blackhole: one row per core of its 130, aligned to 64.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.embedding: success cb=448 l1=416 total=1120 out=416 {{.*}} runtime={{[1-9][0-9]*}}ns
  // BH: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=256 l1=208 total=976 out=208
  %0 = ttnn.embedding %i, %w : tensor<2x64xui32, #ids>, tensor<1000x100xbf16, #rm> -> tensor<2x64x100xbf16, #rm_l1>
  // L1 indices: 16 B alignment, rows of 208 B, a 128 B index block.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=416 l1=0 total=544 out=0
  %1 = ttnn.embedding %j, %w : tensor<2x64xui32, #ids_l1>, tensor<1000x100xbf16, #rm> -> tensor<2x64x100xbf16, #rm>
  return
}

// CHECK-LABEL: op constraints of @tiled
func.func @tiled(%i: tensor<2x64xui32, #ids>, %k: tensor<1x50xui32, #ids>, %w: tensor<1000x256xbf16, #rm>, %big: tensor<1000x4096xbf16, #rm>, %f: tensor<1000x256xf32, #rm_f32>, %wt: tensor<1000x256xbf16, #dram>) {
  // Fused: a weight CB and an output CB of 2 x 8 tiles each; 128 B of indices in a scratchpad.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=65536 l1=2048 total=67712 out=2048
  %0 = ttnn.embedding %i, %w : tensor<2x64xui32, #ids>, tensor<1000x256xbf16, #rm> -> tensor<2x64x256xbf16, #l1>
  // 128 tiles per row: single-buffered.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=524288 l1=0 total=524416 out=0
  %1 = ttnn.embedding %i, %big : tensor<2x64xui32, #ids>, tensor<1000x4096xbf16, #rm> -> tensor<2x64x4096xbf16, #dram>
  // 50 tokens are not whole tiles: the row-major program into a row-major temporary, then a tilize of
  // 8 + 8 tiles (to_layout's rule).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=32768 l1=0 total=32768 out=0
  %2 = ttnn.embedding %k, %w : tensor<1x50xui32, #ids>, tensor<1000x256xbf16, #rm> -> tensor<1x50x256xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: backend_error: ttnn.embedding: the weight is f32; ttnn 0.81.1's embedding takes bf16 weights
  %3 = ttnn.embedding %i, %f : tensor<2x64xui32, #ids>, tensor<1000x256xf32, #rm_f32> -> tensor<2x64x256xf32, #rm_f32>
  // A tiled weight is untilized first (op_model_embedding_tiled_weight.mlir); the fused program's
  // 2 x 8 + 2 x 8 tiles are the peak.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=65536 l1=0 total=65664 out=0
  %4 = ttnn.embedding %i, %wt : tensor<2x64xui32, #ids>, tensor<1000x256xbf16, #dram> -> tensor<2x64x256xbf16, #dram>
  return
}
