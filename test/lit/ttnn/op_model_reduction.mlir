// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Reductions (ttnn 0.81.1, mock-device measurements on Wormhole): input CB of
// 8 pages for a row reduction over >= 4 tiles (else 2; fast_reduce_nc: 2 per
// slice of an outer dimension), a 1-page scaler CB and a 2-page output CB;
// a result without the reduced dimension goes through ttnn's reshape; dims
// out of range are illegal.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 32x1024>
#hs1 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x1024>

// CHECK-LABEL: op constraints of @reduce_dim1
func.func @reduce_dim1(%a: tensor<64x1024xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=22528 l1=0 total=22528 out=0
  %0 = ttnn.sum %a {dim_arg = array<i64: 1>, keep_dim = true} : tensor<64x1024xbf16, #dram> -> tensor<64x1xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: success cb=22528 l1=0 total=22528 out=0
  %1 = ttnn.mean %a {dim_arg = array<i64: 1>, keep_dim = true} : tensor<64x1024xbf16, #dram> -> tensor<64x1xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=22528 l1=0 total=22528 out=0
  %2 = ttnn.max %a {dim_arg = array<i64: 1>, keep_dim = true} : tensor<64x1024xbf16, #dram> -> tensor<64x1xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=22528 l1=0 total=22528 out=0
  %3 = ttnn.min %a {dim_arg = array<i64: 1>, keep_dim = true} : tensor<64x1024xbf16, #dram> -> tensor<64x1xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @row_width
func.func @row_width(%a: tensor<64x96xbf16, #dram>, %b: tensor<64x128xbf16, #dram>, %c: tensor<64x1024xbf16, #dram>) {
  // Wt = 3: 2 input pages (2 + 1 + 2 tiles); Wt = 4: 8 input pages (8 + 1 + 2 tiles).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=10240 l1=0 total=10240 out=0
  %0 = ttnn.sum %a {dim_arg = array<i64: 1>, keep_dim = true} : tensor<64x96xbf16, #dram> -> tensor<64x1xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=22528 l1=0 total=22528 out=0
  %1 = ttnn.sum %b {dim_arg = array<i64: 1>, keep_dim = true} : tensor<64x128xbf16, #dram> -> tensor<64x1xbf16, #dram>
  // A column reduction (dim 0) streams 2 input pages whatever the width.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=10240 l1=0 total=10240 out=0
  %2 = ttnn.sum %c {dim_arg = array<i64: 0>, keep_dim = true} : tensor<64x1024xbf16, #dram> -> tensor<1x1024xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @outer_dim
func.func @outer_dim(%a: tensor<2x3x64x64xbf16, #dram>) {
  // Over dim 1 (3 slices): 2 x 3 input pages + 1 + 2.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=18432 l1=0 total=18432 out=0
  %0 = ttnn.sum %a {dim_arg = array<i64: 1>, keep_dim = true} : tensor<2x3x64x64xbf16, #dram> -> tensor<2x1x64x64xbf16, #dram>
  // Over dim 0 (2 slices): 2 x 2 + 1 + 2.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=14336 l1=0 total=14336 out=0
  %1 = ttnn.sum %a {dim_arg = array<i64: 0>, keep_dim = true} : tensor<2x3x64x64xbf16, #dram> -> tensor<1x3x64x64xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @reduce_to_l1
func.func @reduce_to_l1(%a: tensor<64x1024xbf16, #dram>) {
  // 64x1 pads to 2 tiles: ceil(2 / 64 banks) = 1 tile per bank; the reshape
  // to 64 writes a second tensor (its 2560 B of buffers and 2048 B scratchpad
  // fit under the reduction's CBs).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=22528 l1=4096 total=26624 out=2048
  %0 = ttnn.sum %a {dim_arg = array<i64: -1>} : tensor<64x1024xbf16, #dram> -> tensor<64xbf16, #l1>
  // No dim_arg: every dimension. A row reduction (8 + 1 + 2 pages) into an L1
  // temporary, then a column reduction of its 64x1 result (2 + 1 + 2): the row
  // program's CBs are the peak, both tensors live at the second.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=22528 l1=4096 total=26624 out=2048
  %1 = ttnn.max %a : tensor<64x1024xbf16, #dram> -> tensor<bf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @reduce_rows_then_columns
func.func @reduce_rows_then_columns(%a: tensor<64x1024xbf16, #dram>, %b: tensor<64x96xbf16, #dram>, %c: tensor<2x64x1024xbf16, #dram>) {
  // sum's intermediate is f32: 8 + 1 bf16 pages and a 2-page f32 output (row program).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=26624 l1=0 total=26624 out=0
  %0 = ttnn.sum %a : tensor<64x1024xbf16, #dram> -> tensor<bf16, #dram>
  // A narrow row: the column program (2 + 1 f32 pages, a 2-page bf16 output) is the larger.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=16384 l1=0 total=16384 out=0
  %1 = ttnn.sum %b : tensor<64x96xbf16, #dram> -> tensor<bf16, #dram>
  // The last two dimensions of a rank-3 tensor: the same two programs.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: success cb=22528 l1=0 total=22528 out=0
  %2 = ttnn.mean %c {dim_arg = array<i64: 1, 2>, keep_dim = true} : tensor<2x64x1024xbf16, #dram> -> tensor<2x1x1xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @reduce_illegal
func.func @reduce_illegal(%a: tensor<64x1024xbf16, #dram>, %s: tensor<64x1024xbf16, #hs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: backend_error: ttnn.sum: dimension 2 is out of range for a rank-2 tensor
  %0 = ttnn.sum %a {dim_arg = array<i64: 1, 2>} : tensor<64x1024xbf16, #dram> -> tensor<64xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: backend_error: ttnn.sum: dimension -1 is reduced twice
  %1 = ttnn.sum %a {dim_arg = array<i64: 1, -1>} : tensor<64x1024xbf16, #dram> -> tensor<64xbf16, #dram>
  // A sharded output of one H program: the column in the requested shard.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: success cb=10240 l1=65536 total=75776 out=65536
  %2 = ttnn.mean %s {dim_arg = array<i64: 0>, keep_dim = true} : tensor<64x1024xbf16, #hs> -> tensor<1x1024xbf16, #hs1>
  return
}
