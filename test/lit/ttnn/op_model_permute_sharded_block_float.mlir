// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.permute of a sharded bfp8_b input: the permute programs run on its bfp8_b tiles (no typecast;
// permute.cpp), a bfp8_b face row of padding is 16 B. Figures measured on the mock devices
// (bench/opmodel_cases_data.py).

#dram_b = #ttnn.layout<dram, interleaved, bfp8_b>
#l1_b = #ttnn.layout<l1, interleaved, bfp8_b>
#hs_b = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x2, shard = 192x512>
#hs_b2 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 2x1, shard = 256x128>

// CHECK-LABEL: op constraints of @sharded_block_float
// BH-LABEL: op constraints of @sharded_block_float
func.func @sharded_block_float(%a: tensor<3x2x41x512xbf16, #hs_b>, %b: tensor<8x2x32x100xbf16, #hs_b2>) {
  // The generic program: 3 CBs of 2 bfp8_b tiles.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=6528 l1=0 total=6528 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=6528 l1=0 total=6528 out=0
  %0 = ttnn.permute %a {permutation = array<i64: 1, 2, 3, 0>} : tensor<3x2x41x512xbf16, #hs_b> -> tensor<2x41x512x3xbf16, #dram_b>
  // The output's 100 rows are not whole tiles: a 16 B face row of padding.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=6544 l1=4352 total=10896 out=4352
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=6544 l1=2176 total=8720 out=2176
  %1 = ttnn.permute %b {permutation = array<i64: 1, 2, 3, 0>} : tensor<8x2x32x100xbf16, #hs_b2> -> tensor<2x32x100x8xbf16, #l1_b>
  return
}
