// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.reshape: a view, a copy, ttnn 0.81.1's tiled program (a DRAM mapping tensor, one page of it and one
// tile of dataflow buffers, one tile of scratchpad), bfp8_b through bf16, the row-major program. Figures
// measured on the mock devices (bench/opmodel_cases_data.py, family "reshape").

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#l1_f32 = #ttnn.layout<l1, interleaved, f32>
#dram_bfp8 = #ttnn.layout<dram, interleaved, bfp8_b>
#l1_bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#l1_rm = #ttnn.layout<row_major, l1, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>

// CHECK-LABEL: op constraints of @views
func.func @views(%a: tensor<64x1024xbf16, #dram>, %b: tensor<2x32x64xbf16, #dram>, %r: tensor<64x1024xbf16, #rm>) {
  // The last dimension and the placement kept, the tile rows unchanged: the input itself.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime=0ns
  %0 = ttnn.reshape %a {shape = array<i64: 1, 64, 1024>} : tensor<64x1024xbf16, #dram> -> tensor<1x64x1024xbf16, #dram>
  // Rows that are tile multiples on both sides.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0
  %1 = ttnn.reshape %b {shape = array<i64: 64, 64>} : tensor<2x32x64xbf16, #dram> -> tensor<64x64xbf16, #dram>
  // Row-major: any reshape that keeps the last dimension.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0
  %2 = ttnn.reshape %r {shape = array<i64: 4, 16, 1024>} : tensor<64x1024xbf16, #rm> -> tensor<4x16x1024xbf16, #rm>
  return
}

// CHECK-LABEL: op constraints of @copy
func.func @copy(%a: tensor<64x1024xbf16, #dram>) {
  // The same shape into L1: ttnn's copy, one 2-page CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=4096 l1=2048 total=6144 out=2048
  %0 = ttnn.reshape %a {shape = array<i64: 64, 1024>} : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @tiled
// BH-LABEL: op constraints of @tiled
func.func @tiled(%a: tensor<64x1024xbf16, #dram>, %l: tensor<64x1024xbf16, #l1>, %u: tensor<30x50xbf16, #dram>, %f: tensor<64x1024xf32, #l1_f32>) {
  // An output tile reads 2 input tiles, 32 face rows of each: a 64-segment mapping page (1024 B), one input
  // tile, and the output tile in a scratchpad.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=3072 l1=2048 total=7168 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=3072 l1=2048 total=7168 out=2048
  %0 = ttnn.reshape %a {shape = array<i64: 128, 512>} : tensor<64x1024xbf16, #dram> -> tensor<128x512xbf16, #l1>
  // A 1-D result: one row of 32 elements per output tile, 2 segments, rounded to 4 (64 B).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=2112 l1=0 total=4160 out=0
  %1 = ttnn.reshape %a {shape = array<i64: 65536>} : tensor<64x1024xbf16, #dram> -> tensor<65536xbf16, #dram>
  // A view's shapes into another placement run the program: the identity map has 63 segments (two face
  // rows join across faces), rounded by ttnn to 63 + 63 mod 16 = 78 (1248 B).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=3296 l1=0 total=5344 out=0
  %2 = ttnn.reshape %l {shape = array<i64: 1, 64, 1024>} : tensor<64x1024xbf16, #l1> -> tensor<1x64x1024xbf16, #dram>
  // Unaligned shapes: 2432 B of mapping.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=4480 l1=0 total=6528 out=0
  %3 = ttnn.reshape %u {shape = array<i64: 50, 30>} : tensor<30x50xbf16, #dram> -> tensor<50x30xbf16, #dram>
  // f32: 4096 B tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=5120 l1=4096 total=13312 out=4096
  %4 = ttnn.reshape %f {shape = array<i64: 128, 512>} : tensor<64x1024xf32, #l1_f32> -> tensor<128x512xf32, #l1_f32>
  return
}

// CHECK-LABEL: op constraints of @block_float
// BH-LABEL: op constraints of @block_float
func.func @block_float(%a: tensor<64x1024xbf16, #dram_bfp8>, %l: tensor<64x1024xbf16, #l1_bfp8>) {
  // Typecast to bf16 (in DRAM, like the input), the program into bf16 in L1, a fill-pad of the 16-row
  // tiles (2 + 1 + 2 tiles), typecast back: 16384 B of bf16 beside the 2176 B result on Wormhole.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=10240 l1=6272 total=16512 out=2176
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=10240 l1=3136 total=13376 out=1088
  %0 = ttnn.reshape %a {shape = array<i64: 4, 16, 1024>} : tensor<64x1024xbf16, #dram_bfp8> -> tensor<4x16x1024xbf16, #l1_bfp8>
  // From L1 the input's bf16 copy stays live to the end: 2048 + 65536 + 34816 B on Wormhole.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=10240 l1=102400 total=112640 out=34816
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=10240 l1=52224 total=62464 out=17408
  %1 = ttnn.reshape %l {shape = array<i64: 65536>} : tensor<64x1024xbf16, #l1_bfp8> -> tensor<65536xbf16, #l1_bfp8>
  return
}

// CHECK-LABEL: op constraints of @row_major
func.func @row_major(%r: tensor<64x1024xbf16, #rm>, %u: tensor<30x50xbf16, #l1_rm>) {
  // Two kernels (1024 B pages divide 2048 B ones), each 2 x 2112 B of reads and one 1040 B slot.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=10528 out=0
  %0 = ttnn.reshape %r {shape = array<i64: 128, 512>} : tensor<64x1024xbf16, #rm> -> tensor<128x512xbf16, #rm>
  // 100 B and 60 B rows: one kernel, 2 x 192 B of reads and 8 slots of 80 B.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=64 total=1088 out=64
  %1 = ttnn.reshape %u {shape = array<i64: 50, 30>} : tensor<30x50xbf16, #l1_rm> -> tensor<50x30xbf16, #l1_rm>
  return
}

// CHECK-LABEL: op constraints of @sharded
func.func @sharded(%s: tensor<28672x32xbf16, #hs>, %d: tensor<896x1024xbf16, #dram>, %a: tensor<64x1024xbf16, #dram>, %r: tensor<64x1024xbf16, #rm>) {
  // A height-sharded input into an interleaved output: the tiled program reads the shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=3072 l1=0 total=5120 out=0
  %0 = ttnn.reshape %s {shape = array<i64: 896, 1024>} : tensor<28672x32xbf16, #hs> -> tensor<896x1024xbf16, #dram>
  // Into shards: the same program, the output in the shards asked for.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=3072 l1=28672 total=33792 out=28672 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>]
  %1 = ttnn.reshape %d {shape = array<i64: 28672, 32>} : tensor<896x1024xbf16, #dram> -> tensor<28672x32xbf16, #hs>
  // The same shape out of shards: ttnn's unsharding copy, no CB of its own.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=28672 total=28672 out=28672
  %2 = ttnn.reshape %s {shape = array<i64: 28672, 32>} : tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #l1>
  // A view in the input's own shards: the input itself.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>] runtime=0ns
  %6 = ttnn.reshape %s {shape = array<i64: 1, 28672, 32>} : tensor<28672x32xbf16, #hs> -> tensor<1x28672x32xbf16, #hs>
  // The same shape into another placement is to_memory_config: its row-major
  // copy (2 output rows, one input row of scratchpad; measured on both mock
  // devices: "reshape 64x1024 -> 64x1024 dram:rm->l1:rm").
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=4096 l1=2048 total=8192 out=2048 layouts=[#ttnn.layout<row_major, l1, interleaved, bf16>]
  %3 = ttnn.reshape %r {shape = array<i64: 64, 1024>} : tensor<64x1024xbf16, #rm> -> tensor<64x1024xbf16, #l1_rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: ttnn.reshape: the input is bf16 but the output is bfp8_b (convert with ttnn.typecast)
  %4 = ttnn.reshape %a {shape = array<i64: 128, 512>} : tensor<64x1024xbf16, #dram> -> tensor<128x512xbf16, #dram_bfp8>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: ttnn.reshape: the input is dram interleaved bf16 but the output is row_major
  %5 = ttnn.reshape %a {shape = array<i64: 128, 512>} : tensor<64x1024xbf16, #dram> -> tensor<128x512xbf16, #rm>
  return
}
