// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.transpose of a dimension with itself, or of two dimensions of size 1 in the 4-D view: ttnn 0.81.1
// returns the input or ttnn.clone's copy (2 pages of a tile or of an aligned row), bfp8_b in bf16 between
// typecasts unless the dimensions are 0 and 1; ttnn.clone copies between interleaved placements only.
// Figures measured on the mock devices (bench/opmodel_cases_data.py).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram_b = #ttnn.layout<dram, interleaved, bfp8_b>
#l1_b = #ttnn.layout<l1, interleaved, bfp8_b>
#hs_b = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 2x1, shard = 128x64>
#rm_l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @moves_nothing
func.func @moves_nothing(%a: tensor<1x1x64x60xbf16, #l1>, %b: tensor<1x1x64x60xbf16, #l1_b>, %r: tensor<1x1x64x564xbf16, #rm_l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=0 l1=0 total=0 out=0 {{.*}} runtime=0ns
  %0 = ttnn.transpose %a {dim0 = 0 : si32, dim1 = 1 : si32} : tensor<1x1x64x60xbf16, #l1> -> tensor<1x1x64x60xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=4096 l1=0 total=4096 out=0
  %1 = ttnn.transpose %a {dim0 = 0 : si32, dim1 = 1 : si32} : tensor<1x1x64x60xbf16, #l1> -> tensor<1x1x64x60xbf16, #dram>
  // Dimensions 0 and 1 keep bfp8_b: the clone's 2 bfp8_b tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=2176 l1=0 total=2176 out=0
  %2 = ttnn.transpose %b {dim0 = 0 : si32, dim1 = 1 : si32} : tensor<1x1x64x60xbf16, #l1_b> -> tensor<1x1x64x60xbf16, #dram_b>
  // Row-major: 2 rows of 1128 B aligned to the L1 input's 16 B.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=2272 l1=0 total=2272 out=0
  %3 = ttnn.transpose %r {dim0 = -3 : si32, dim1 = 1 : si32} : tensor<1x1x64x564xbf16, #rm_l1> -> tensor<1x1x64x564xbf16, #rm>
  return
}

// CHECK-LABEL: op constraints of @block_float
func.func @block_float(%b: tensor<4x64x60xbf16, #l1_b>, %s: tensor<4x64x60xbf16, #hs_b>) {
  // Typecast to bf16 and back, in place.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=6272 l1=3136 total=9408 out=1088
  %0 = ttnn.transpose %b {dim0 = 0 : si32, dim1 = 0 : si32} : tensor<4x64x60xbf16, #l1_b> -> tensor<4x64x60xbf16, #l1_b>
  // Into DRAM: the bf16 copy (2048 B in L1) is cloned, then typecast back.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=6272 l1=2048 total=8320 out=0
  %1 = ttnn.transpose %b {dim0 = 1 : si32, dim1 = 1 : si32} : tensor<4x64x60xbf16, #l1_b> -> tensor<4x64x60xbf16, #dram_b>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: backend_error: ttnn.transpose: a swap that moves nothing is ttnn.clone, which does not copy l1 height_sharded bf16
  %2 = ttnn.transpose %s {dim0 = 1 : si32, dim1 = 1 : si32} : tensor<4x64x60xbf16, #hs_b> -> tensor<4x64x60xbf16, #dram_b>
  return
}
