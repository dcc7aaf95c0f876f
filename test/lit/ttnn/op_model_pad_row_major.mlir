// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.pad of a row-major tensor: ttnn 0.81.1's row-major program, a DFB of the L1-aligned padded row
// (as many rows as make 2 KiB, times up to 16) and scratchpads of the DRAM-aligned padded row (twice
// when the row is padded in front or not DRAM-aligned). Figures measured on the mock devices
// (bench/opmodel_cases_data.py).

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#rm_l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#rm_f32 = #ttnn.layout<row_major, dram, interleaved, f32>
#rm_hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x1, shard = 32x64>
#rm_hs_tall = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x1, shard = 64x64>

// CHECK-LABEL: op constraints of @row_major
// BH-LABEL: op constraints of @row_major
func.func @row_major(%a: tensor<30x40xbf16, #rm>, %b: tensor<30x40xbf16, #rm_l1>, %f: tensor<1000x3000xf32, #rm_f32>) {
  // 80 B rows: 26 per 2 KiB, 16 times (33280 B); 80 B is not DRAM-aligned: two 96 B scratch rows
  // (Blackhole: two 128 B rows).
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.pad: success cb=33280 l1=80 total=33552 out=80 {{.*}} runtime={{[1-9][0-9]*}}ns
  // BH: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=33280 l1=80 total=33616 out=80
  %0 = ttnn.pad %a {padding = array<i64: 0, 2, 0, 0>} : tensor<30x40xbf16, #rm> -> tensor<32x40xbf16, #rm_l1>
  // Padded in front: 88 B rows in 96 B L1 rows, 22 per barrier; a realigning scratch row.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=33792 l1=96 total=34080 out=96
  %1 = ttnn.pad %b {padding = array<i64: 0, 2, 3, 1>} : tensor<30x40xbf16, #rm_l1> -> tensor<32x44xbf16, #rm_l1>
  // 12000 B rows, one per barrier: 16 x 12000 B; 12000 B is DRAM-aligned on Wormhole (one scratch row),
  // not on Blackhole (two 12032 B rows).
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.pad: success cb=192000 l1=0 total=204000 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=192000 l1=0 total=216064 out=0
  %2 = ttnn.pad %f {padding = array<i64: 0, 64, 0, 0>} : tensor<1000x3000xf32, #rm_f32> -> tensor<1064x3000xf32, #rm_f32>
  return
}

// CHECK-LABEL: op constraints of @sharded
func.func @sharded(%s: tensor<64x64xbf16, #rm_hs>) {
  // From shards into L1 interleaved: the same program (192 B rows).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=33792 l1=192 total=34176 out=192
  %0 = ttnn.pad %s {padding = array<i64: 0, 0, 0, 32>} : tensor<64x64xbf16, #rm_hs> -> tensor<64x96xbf16, #rm_l1>
  // Height shards padded in height into taller height shards: ttnn's height-only program, one padded
  // row of DFB beside the shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=128 l1=8192 total=8320 out=8192
  %1 = ttnn.pad %s {padding = array<i64: 0, 64, 0, 0>} : tensor<64x64xbf16, #rm_hs> -> tensor<128x64xbf16, #rm_hs_tall>
  return
}

// Block shards that do not divide the padded rows fail in ttnn 0.81.1 (a random draw, seed 89825383,
// both devices; probed on the mock Wormhole: 358 f32 columns into 52-column shards TT_FATAL, padded to
// 364 they run).
// CHECK-LABEL: op constraints of @partial_last_column_shard
func.func @partial_last_column_shard(%a: tensor<544x320xf32, #rm_f32>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: backend_error: ttnn.pad: the padded rows of 358 elements are not whole shards of 52 columns
  %0 = ttnn.pad %a {padding = array<i64: 0, 0, 9, 29>} : tensor<544x320xf32, #rm_f32> -> tensor<544x358xf32, #ttnn.layout<row_major, l1, block_sharded, f32, grid = 2x7, shard = 272x52>>
  return
}
