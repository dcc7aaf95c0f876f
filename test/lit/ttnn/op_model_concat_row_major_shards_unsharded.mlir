// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.concat of row-major L1 shards along a dimension their scheme cannot join, into an interleaved
// output (concat_device_operation.cpp, concat_impl): each input copied to the output's memory config
// (sharded_to_interleaved: its buffers are the shards), then the row-major program (2 rows of 1024 B);
// the copies live until the concat returns. Measured on both mock devices.

#bs = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 5x1, shard = 162x512>
#rm_l1 = #ttnn.layout<row_major, l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @outer_dimension
func.func @outer_dimension(%a: tensor<3x3x90x512xbf16, #bs>) {
  // Two copies of 13 (Blackhole: 7) rows a bank beside the 26-row (13-row) output.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=2048 l1=53248 total=55296 out=26624
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=2048 l1=27648 total=29696 out=13312
  %0 = ttnn.concat %a, %a {dim = 0 : si32} : tensor<3x3x90x512xbf16, #bs>, tensor<3x3x90x512xbf16, #bs> -> tensor<6x3x90x512xbf16, #rm_l1>
  return
}

#hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 3x6, shard = 10x1024>
#ws = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x4, shard = 64x64>
#bs_f32 = #ttnn.layout<row_major, l1, block_sharded, f32, grid = 2x3, shard = 64x16>
#rm_dram = #ttnn.layout<row_major, dram, interleaved, bf16>
#rm_dram_f32 = #ttnn.layout<row_major, dram, interleaved, f32>

// CHECK-LABEL: op constraints of @unjoinable_scheme
func.func @unjoinable_scheme(%a: tensor<180x1024xbf16, #hs>, %b: tensor<64x256xbf16, #ws>, %c: tensor<2x64x48xf32, #bs_f32>) {
  // Height shards along the height, into DRAM: the copies take no L1.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=4096 l1=0 total=4096 out=0
  %0 = ttnn.concat %a, %a {dim = 0 : si32} : tensor<180x1024xbf16, #hs>, tensor<180x1024xbf16, #hs> -> tensor<360x1024xbf16, #rm_dram>
  // Width shards along the width, into L1: one 512 B row of each copy a bank.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=2048 l1=2048 total=4096 out=1024
  %1 = ttnn.concat %b, %b {dim = 1 : si32} : tensor<64x256xbf16, #ws>, tensor<64x256xbf16, #ws> -> tensor<64x512xbf16, #rm_l1>
  // 192 B rows, whole units of either device's DRAM alignment.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=384 l1=0 total=384 out=0
  %2 = ttnn.concat %c, %c {dim = 0 : si32} : tensor<2x64x48xf32, #bs_f32>, tensor<2x64x48xf32, #bs_f32> -> tensor<4x64x48xf32, #rm_dram_f32>
  return
}
