// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.pad of tiled inputs with partial tiles: bfp8_b runs the fill-pad and the pad program each in bf16
// between typecasts, the fill-pad's bfp8_b result held until the op returns; a rank-1 tensor is padded
// within its own tiles; a sharded fill-pad takes one slice. Figures measured on the mock devices
// (bench/opmodel_cases_data.py).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram_b = #ttnn.layout<dram, interleaved, bfp8_b>
#l1_b = #ttnn.layout<l1, interleaved, bfp8_b>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 3x5, shard = 32x416>
#hs2 = #ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 32x64>

// CHECK-LABEL: op constraints of @block_float
func.func @block_float(%a: tensor<370x1024xbf16, #l1_b>, %b: tensor<2x3x269x608xbf16, #l1_b>, %c: tensor<64x50xbf16, #l1_b>) {
  // The fill-pad's 5 tiles of CB are still allocated when its bfp8_b result (6528 B) joins the bf16
  // copy (12288 B).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=10240 l1=18816 total=29056 out=0
  %0 = ttnn.pad %a {padding = array<i64: 0, 0, 0, 27>} : tensor<370x1024xbf16, #l1_b> -> tensor<370x1051xbf16, #dram_b>
  // At the last typecast: the refilled bfp8_b input, the bf16 input, the bf16 and bfp8_b results.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=10240 l1=109760 total=116032 out=19584
  %1 = ttnn.pad %b {padding = array<i64: 0, 0, 0, 0, 0, 0, 0, 39>} : tensor<2x3x269x608xbf16, #l1_b> -> tensor<2x3x269x647xbf16, #l1_b>
  // The tiles hold the result: the fill-pad alone; the result is its new bfp8_b tensor.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=10240 l1=3136 total=13376 out=1088
  %2 = ttnn.pad %c {padding = array<i64: 0, 0, 0, 2>} : tensor<64x50xbf16, #l1_b> -> tensor<64x52xbf16, #l1_b>
  return
}

// CHECK-LABEL: op constraints of @rank_one
func.func @rank_one(%a: tensor<700xbf16, #l1>, %b: tensor<704xbf16, #l1>) {
  // 700 -> 704 stays in the 22 tiles: the fill-pad (right and bottom masks) in place.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=12288 l1=0 total=12288 out=0
  %0 = ttnn.pad %a {padding = array<i64: 0, 4>} : tensor<700xbf16, #l1> -> tensor<704xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: backend_error: ttnn.pad: a rank-1 tiled tensor is padded by a view of its own tiles
  %1 = ttnn.pad %b {padding = array<i64: 0, 32>} : tensor<704xbf16, #l1> -> tensor<736xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @sharded
func.func @sharded(%a: tensor<461x416xbf16, #hs>, %b: tensor<2x30x50xbf16, #hs2>) {
  // The fill-pad on the shards (2 + 1 + 2 tiles), then the pad program into DRAM.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=10240 l1=0 total=10240 out=0
  %0 = ttnn.pad %a {padding = array<i64: 0, 0, 0, 27>} : tensor<461x416xbf16, #hs> -> tensor<461x443xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: backend_error: ttnn.pad: ttnn's sharded fill-pad program takes one slice
  %1 = ttnn.pad %b {padding = array<i64: 0, 0, 0, 2, 0, 0>} : tensor<2x30x50xbf16, #hs2> -> tensor<2x32x50xbf16, #hs2>
  return
}
