// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.concat of bfp8_b tiles along the last dimension through row-major data: ttnn tests the tiled inputs
// for the transpose around unaligned rows (1 B an element, a rank-1 tensor's padded length one tile row), so
// a tile row that is not a whole unit of Blackhole DRAM's 64 B transposes the untilized rows whatever they
// are, and a rank-1 one fails there. Rank-1 padded inputs concatenated into shards fail on both devices.
// Figures measured on the mock devices.

#l1 = #ttnn.layout<l1, interleaved, bfp8_b>
#dram = #ttnn.layout<dram, interleaved, bfp8_b>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>
#hs_f32 = #ttnn.layout<l1, height_sharded, f32, grid = 1x1, shard = 32x1664>

// CHECK-LABEL: op constraints of @last_dim
func.func @last_dim(%a: tensor<3x40xbf16, #l1>, %b: tensor<3x32xbf16, #dram>, %c: tensor<480xbf16, #l1>, %d: tensor<480xbf16, #dram>, %e: tensor<832xf32, #dram_f32>) {
  // Blackhole transposes 80 B and 64 B rows (a 32 B tile row in DRAM): other L1 temporaries.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=12288 l1=2272 total=14560
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=12288 l1=2224 total=14512
  %0 = ttnn.concat %a, %b {dim = -1 : si32} : tensor<3x40xbf16, #l1>, tensor<3x32xbf16, #dram> -> tensor<3x72xbf16, #l1>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=122880 l1=4928 total=127808
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: ttnn 0.81.1 transposes the last two dimensions of the untilized rank-1 bfp8_b inputs
  %1 = ttnn.concat %c, %d {dim = 0 : si32} : tensor<480xbf16, #l1>, tensor<480xbf16, #dram> -> tensor<960xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: ttnn 0.81.1 concatenates the untilized rank-1 inputs into
  %2 = ttnn.concat %e, %e {dim = 0 : si32} : tensor<832xf32, #dram_f32>, tensor<832xf32, #dram_f32> -> tensor<1664xf32, #hs_f32>
  return
}

// Whole bfp8_b tiles take that path too on Blackhole (a 32-column tile row is 32 B to the test): each
// input's tiled WH transpose (2 + 2 bfp8_b tiles of CB) into its own buffer, the tiled concat along the
// rows into the output's buffer, the transpose back (measured on Blackhole; random draws seeds 822266361,
// 11101, 403549318, 610376027); on Wormhole the tiled program (2 pages of the output's tiles).
// CHECK-LABEL: op constraints of @whole_tiles
func.func @whole_tiles(%a: tensor<672x32xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, %b: tensor<672x32xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>) {
  // WH: :[[@LINE+3]]:{{.*}} ttnn.concat: success cb=2176
  // The L1 input's transposed copy (21 tiles, one a bank) lives to the end.
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=4352 l1=1088 total=5440 out=0
  %0 = "ttnn.concat"(%a, %b) <{dim = 1 : si32}> : (tensor<672x32xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, tensor<672x32xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>) -> tensor<672x64xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>
  // Into L1: the concat of the transposed inputs and the output, each a page a bank, beside the copy.
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=4352 l1=3264 total=7616 out=1088
  %1 = "ttnn.concat"(%a, %b) <{dim = 1 : si32}> : (tensor<672x32xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, tensor<672x32xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>) -> tensor<672x64xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>
  return
}
