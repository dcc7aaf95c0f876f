// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.to_layout tilizing row-major height shards padded in both of the last two dimensions:
// ttnn 0.81.1's pad (pad.cpp) pads the width, then the height, each into height shards of
// ceil(rows / cores) rows it derives on the input's grid; the width pad runs the row-major default
// program when those shards are shorter than the input's (its barriers of rows as DFB), else the
// width-only sharded program; the tilize then runs the row program (Wt pairs) into the output as
// asked. Measured on both mock devices (the same figures).

#hs7 = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 1x7, shard = 96x800>
#hs2 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x2, shard = 64x64>
#hs6 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x6, shard = 32x64>
#dram = #ttnn.layout<dram, interleaved, bf16>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 2x2, shard = 64x32>

// CHECK-LABEL: op constraints of @widened
func.func @widened(%a: tensor<630x789xf32, #hs7>, %b: tensor<100x33xbf16, #hs2>, %c: tensor<4x48x33xbf16, #hs6>) {
  // Shards of 90 rows (shorter than 96: the default program), then of 92: 288000 + 294400 B.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=204800 l1=582400 total=636800 out=0
  %0 = ttnn.to_layout %a : tensor<630x789xf32, #hs7> -> tensor<630x789xf32, #dram_f32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=32768 l1=14592 total=47488 out=0
  %1 = ttnn.to_layout %b : tensor<100x33xbf16, #hs2> -> tensor<100x33xbf16, #dram>
  // Into block shards as asked.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=32768 l1=14592 total=47488 out=4096
  %2 = ttnn.to_layout %b : tensor<100x33xbf16, #hs2> -> tensor<100x33xbf16, #bs>
  // 192 rows on 6 cores: 32-row shards, as long as the input's (the width-only program).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=8192 l1=9600 total=13696 out=0
  %3 = ttnn.to_layout %c : tensor<4x48x33xbf16, #hs6> -> tensor<4x48x33xbf16, #dram>
  return
}
