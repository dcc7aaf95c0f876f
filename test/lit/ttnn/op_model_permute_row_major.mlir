// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.permute of a row-major tensor: ttnn 0.81.1's row-major permute programs, rows copied whole (2 pages
// of a row aligned to the input buffer) when the last dimension stays, else 32x32 blocks (3 CBs of
// 2 x 32 x 32 elements); a block- or width-sharded input of partial tiles is first copied to L1
// interleaved. Figures measured on the mock devices (bench/opmodel_cases_data.py).

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#rm_l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#rm_f32 = #ttnn.layout<row_major, dram, interleaved, f32>
#rm_l1_f32 = #ttnn.layout<row_major, l1, interleaved, f32>
#rm_hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x1, shard = 32x64>
#rm_ws = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x2, shard = 256x32>
#rm_bs = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 4x2, shard = 200x448>
#rm_hs1 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 5x7, shard = 20480x1>

// CHECK-LABEL: op constraints of @rows
// BH-LABEL: op constraints of @rows
func.func @rows(%a: tensor<5x7x40xbf16, #rm>) {
  // 80 B rows aligned to the DRAM input's 32 B (Blackhole: 64 B), 2 pages.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=192 l1=80 total=272 out=80 {{.*}} runtime={{[1-9][0-9]*}}ns
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=256 l1=80 total=336 out=80
  %0 = ttnn.permute %a {permutation = array<i64: 1, 0, 2>} : tensor<5x7x40xbf16, #rm> -> tensor<7x5x40xbf16, #rm_l1>
  return
}

// CHECK-LABEL: op constraints of @blocks
func.func @blocks(%a: tensor<5x7x40xbf16, #rm>, %f: tensor<5x7x40xf32, #rm_f32>, %s: tensor<64x64xbf16, #rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=12288 l1=64 total=12352 out=64
  %0 = ttnn.permute %a {permutation = array<i64: 0, 2, 1>} : tensor<5x7x40xbf16, #rm> -> tensor<5x40x7xbf16, #rm_l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=24576 l1=128 total=24704 out=128
  %1 = ttnn.permute %f {permutation = array<i64: 2, 0, 1>} : tensor<5x7x40xf32, #rm_f32> -> tensor<40x5x7xf32, #rm_l1_f32>
  // Into row-major shards: the same CBs.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=12288 l1=4096 total=16384 out=4096
  %2 = ttnn.permute %s {permutation = array<i64: 1, 0>} : tensor<64x64xbf16, #rm> -> tensor<64x64xbf16, #rm_hs>
  return
}

// CHECK-LABEL: op constraints of @sharded_input
func.func @sharded_input(%w: tensor<4x64x60xbf16, #rm_ws>, %h: tensor<64x64xbf16, #rm_hs>) {
  // Width shards of partial tiles: an L1 interleaved copy (512 B), then the rows program from L1.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=256 l1=512 total=768 out=0
  %0 = ttnn.permute %w {permutation = array<i64: 1, 0, 2>} : tensor<4x64x60xbf16, #rm_ws> -> tensor<64x4x60xbf16, #rm>
  // Height shards: ttnn's WH transpose program on row-major pages, 2 + 2 + 4 tiles (measured).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=24576 l1=0 total=24576 out=0
  %1 = ttnn.permute %h {permutation = array<i64: 1, 0>} : tensor<64x64xbf16, #rm_hs> -> tensor<64x64xbf16, #rm>
  return
}

// CHECK-LABEL: op constraints of @unaligned_shard_rows
func.func @unaligned_shard_rows(%b: tensor<1x1x800x896xbf16, #rm_bs>) {
  // ttnn.permute checks the output's shard rows first: 2 B rows are not L1-aligned.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: backend_error: ttnn.permute: the output's shard rows of 2 B are not L1-aligned
  %0 = ttnn.permute %b {permutation = array<i64: 1, 2, 3, 0>} : tensor<1x1x800x896xbf16, #rm_bs> -> tensor<1x800x896x1xbf16, #rm_hs1>
  return
}
