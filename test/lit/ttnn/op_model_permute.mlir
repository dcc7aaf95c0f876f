// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.permute: ttnn 0.81.1's transpose programs (WH, HC, CN) and permute programs (tile-invariant,
// row-invariant, generic); bfp8_b through bf16 typecasts. Figures measured on the mock devices
// (bench/opmodel_cases_data.py).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram_bfp8 = #ttnn.layout<dram, interleaved, bfp8_b>
#l1_bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>
#hs_out = #ttnn.layout<l1, height_sharded, bf16, grid = 8x4, shard = 32x64>
#hs_rows = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 128x64>
#hs_bfp8 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 8x8, shard = 128x64>

// CHECK-LABEL: op constraints of @transposes
func.func @transposes(%a: tensor<64x1024xbf16, #dram>, %b: tensor<2x3x64x128xbf16, #dram>, %c: tensor<2x64x64x128xbf16, #dram>) {
  // WH: 2 + 2 tiles. Runtime: 64 tiles read and written in DRAM (262144 B at 288 B/ns) + 2 us.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=8192 l1=0 total=8192 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime=2911ns
  %0 = ttnn.permute %a {permutation = array<i64: 1, 0>} : tensor<64x1024xbf16, #dram> -> tensor<1024x64xbf16, #dram>
  // HC: 2 tiles and a 512 B face, as the output's second-to-last dimension (3) is not a tile multiple.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=4608 l1=16384 total=20992 out=16384
  %1 = ttnn.permute %b {permutation = array<i64: 0, 2, 1, 3>} : tensor<2x3x64x128xbf16, #dram> -> tensor<2x64x3x128xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=4096 l1=0 total=4096 out=0
  %2 = ttnn.permute %c {permutation = array<i64: 0, 2, 1, 3>} : tensor<2x64x64x128xbf16, #dram> -> tensor<2x64x64x128xbf16, #dram>
  // CN: one CB of 2 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=4096 l1=0 total=4096 out=0
  %3 = ttnn.permute %b {permutation = array<i64: 1, 0, 2, 3>} : tensor<2x3x64x128xbf16, #dram> -> tensor<3x2x64x128xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @permute_programs
// BH-LABEL: op constraints of @permute_programs
func.func @permute_programs(%b: tensor<2x3x64x128xbf16, #dram>, %l: tensor<2x3x64x128xbf16, #l1>) {
  // Tile-invariant with the last two swapped: 2 + 2 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=8192 l1=2048 total=10240 out=2048
  %0 = ttnn.permute %b {permutation = array<i64: 1, 0, 3, 2>} : tensor<2x3x64x128xbf16, #dram> -> tensor<3x2x128x64xbf16, #l1>
  // Row-invariant: 2 tiles and a 32 B face row of padding (the output's 3 rows).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=4128 l1=0 total=4128 out=0
  %1 = ttnn.permute %b {permutation = array<i64: 2, 0, 1, 3>} : tensor<2x3x64x128xbf16, #dram> -> tensor<64x2x3x128xbf16, #dram>
  // Generic: 3 x 2 tiles and the padding row; on Blackhole each page also takes the DRAM alignment
  // beyond a face row (64 - 32 B): 3 x 2 x 2080 + 32.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=12320 l1=0 total=12320 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=12512 l1=0 total=12512 out=0
  %2 = ttnn.permute %b {permutation = array<i64: 3, 2, 1, 0>} : tensor<2x3x64x128xbf16, #dram> -> tensor<128x64x3x2xbf16, #dram>
  // An L1 input's alignment (16 B) is below a face row: no extra bytes on either device.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=12320 l1=262144 total=274464 out=262144
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=12320 l1=131072 total=143392 out=131072
  %3 = ttnn.permute %l {permutation = array<i64: 3, 2, 1, 0>} : tensor<2x3x64x128xbf16, #l1> -> tensor<128x64x3x2xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @block_float
func.func @block_float(%b: tensor<2x3x64x128xbf16, #dram_bfp8>) {
  // The WH transpose takes bfp8_b tiles: 2 + 2 of 1088 B.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=4352 l1=0 total=4352 out=0
  %0 = ttnn.permute %b {permutation = array<i64: 0, 1, 3, 2>} : tensor<2x3x64x128xbf16, #dram_bfp8> -> tensor<2x3x128x64xbf16, #dram_bfp8>
  // HC runs in bf16 between typecasts (2 + 2 pages of each format, 6272 B); the bf16 temporaries are placed
  // like the output: 2048 + 16384 B, then the 16384 B one beside the 8704 B result.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=6272 l1=25088 total=31360 out=8704
  %1 = ttnn.permute %b {permutation = array<i64: 0, 2, 1, 3>} : tensor<2x3x64x128xbf16, #dram_bfp8> -> tensor<2x64x3x128xbf16, #l1_bfp8>
  return
}

// CHECK-LABEL: op constraints of @sharded_inputs
// BH-LABEL: op constraints of @sharded_inputs
func.func @sharded_inputs(%s: tensor<28672x32xbf16, #hs>, %r: tensor<1x8x1024x64xbf16, #hs_rows>, %q: tensor<1x8x1024x64xbf16, #hs_bfp8>) {
  // A transpose reads the shard where it is, through its interleaved program's 2 + 2 tiles.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=8192 l1=28672 total=36864 out=28672
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=8192 l1=14336 total=22528 out=14336
  %0 = ttnn.permute %s {permutation = array<i64: 1, 0>} : tensor<28672x32xbf16, #hs> -> tensor<32x28672xbf16, #l1>
  // HC: 2 tiles and the 512 B face (the output's 8 rows).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=4608 l1=0 total=4608 out=0 {{.*}} runtime=16564ns
  %1 = ttnn.permute %r {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x8x1024x64xbf16, #hs_rows> -> tensor<1x1024x8x64xbf16, #dram>
  // ttnn runs this permutation of a sharded input as a chain of transposes: WH into L1 interleaved
  // (the shard does not scale to the result), then HC into DRAM (op_model_permute_sharded_chain.mlir).
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.permute: success cb=8192 l1=16384 total=24576 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=8192 l1=8192 total=16384 out=0
  %2 = ttnn.permute %r {permutation = array<i64: 0, 3, 1, 2>} : tensor<1x8x1024x64xbf16, #hs_rows> -> tensor<1x64x8x1024xbf16, #dram>
  // bfp8_b HC: ttnn.transpose typecasts the shards to bf16 (16384 B a core, held), HC, typecasts back.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=6272 l1=16384 total=22656 out=0
  %3 = ttnn.permute %q {permutation = array<i64: 0, 2, 1, 3>} : tensor<1x8x1024x64xbf16, #hs_bfp8> -> tensor<1x1024x8x64xbf16, #dram_bfp8>
  return
}

// CHECK-LABEL: op constraints of @not_modelled
func.func @not_modelled(%a: tensor<64x1024xbf16, #dram>, %r: tensor<64x1024xbf16, #rm>) {
  // The identity returns the input: no program, no buffer.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=0 l1=0 total=0 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime=0ns
  %0 = ttnn.permute %a {permutation = array<i64: 0, 1>} : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // Into another placement: ttnn's copy program, one 2-page CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=4096 l1=2048 total=6144 out=2048
  %1 = ttnn.permute %a {permutation = array<i64: 0, 1>} : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
  // A row-major swap of the last two dimensions: 32x32 blocks (op_model_permute_row_major.mlir).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=12288 l1=0 total=12288 out=0
  %2 = ttnn.permute %r {permutation = array<i64: 1, 0>} : tensor<64x1024xbf16, #rm> -> tensor<1024x64xbf16, #rm>
  // A sharded output of the WH transpose from an interleaved input: the same 2 + 2 tiles (measured).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=8192 l1=4096 total=12288 out=4096 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 8x4, shard = 32x64>]
  %3 = ttnn.permute %a {permutation = array<i64: 1, 0>} : tensor<64x1024xbf16, #dram> -> tensor<1024x64xbf16, #hs_out>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: backend_error: ttnn.permute: the input is bf16 but the output is bfp8_b (convert with ttnn.typecast)
  %4 = ttnn.permute %a {permutation = array<i64: 1, 0>} : tensor<64x1024xbf16, #dram> -> tensor<1024x64xbf16, #dram_bfp8>
  return
}
