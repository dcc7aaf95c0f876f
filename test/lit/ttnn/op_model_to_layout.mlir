// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.to_layout: ttnn 0.81.1's tilize / untilize programs, one input and one
// output CB of tile-sized pages; row-major outputs take one page per row.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>
#dram_bfp8 = #ttnn.layout<dram, interleaved, bfp8_b>
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#rm_l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#rm_l1_f32 = #ttnn.layout<row_major, l1, interleaved, f32>

// CHECK-LABEL: op constraints of @to_layout
func.func @to_layout(%rm: tensor<64x1024xbf16, #rm>, %t: tensor<64x1024xbf16, #dram>, %f: tensor<30x500xf32, #dram_f32>, %q: tensor<64x1024xbf16, #dram_bfp8>, %w: tensor<64x4096xbf16, #rm>, %b: tensor<2x64x2048xbf16, #dram>) {
  // Tilize: a tile row per block, 32 x (2048 + 2048) B; the output 64 tiles, one per bank.
  // WH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=131072 l1=2048 total=133120 out=2048 layouts=[#ttnn.layout<l1, interleaved, bf16>] runtime=2456ns
  %0 = ttnn.to_layout %rm : tensor<64x1024xbf16, #rm> -> tensor<64x1024xbf16, #l1>
  // Untilize of a tile-aligned bf16 tensor on 2 tile rows: the column-splitting program, 2 x ceil(64 / 64) pages of
  // each CB; the output is 64 rows of 2048 B, one per bank.
  // WH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=8192 l1=2048 total=10240 out=2048
  %1 = ttnn.to_layout %t : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #rm_l1>
  // Untilize with unpadding: Wt = 16 tile rows x (4096 + 4096) B; 30 rows of 2000 B, one per bank.
  // WH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=131072 l1=2000 total=133072 out=2000
  %2 = ttnn.to_layout %f : tensor<30x500xf32, #dram_f32> -> tensor<30x500xf32, #rm_l1_f32>
  // bfp8_b untilizes to bf16: 2 x (1088 + 2048) B.
  // WH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=6272 l1=2048 total=8320 out=2048
  %3 = ttnn.to_layout %q : tensor<64x1024xbf16, #dram_bfp8> -> tensor<64x1024xbf16, #rm_l1>
  // Blackhole's 130 cores: ceil(256 / 130) = 2 tiles per core (Wormhole 4), and 128 rows of 4096 B over 130 banks.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_layout: success cb=32768 l1=8192 total=40960 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=16384 l1=4096 total=20480 out=4096
  %4 = ttnn.to_layout %b : tensor<2x64x2048xbf16, #dram> -> tensor<2x64x2048xbf16, #rm_l1>
  // The same page layout and placement: ttnn returns the input, nothing runs.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=0 l1=0 total=0 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime=0ns
  %5 = ttnn.to_layout %t : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // The same page layout into L1: ttnn returns the input as it is (still in DRAM: the answer's layout), nothing runs.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=0 l1=0 total=0 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime=0ns
  %6 = ttnn.to_layout %t : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
  // 128-tile rows on 2 tile rows: ttnn's block tilize. Wormhole: 3x3-tile blocks (42 across, a
  // 2-tile cliff column), 3 + 2 input and output tiles of CB, 2 staging scratchpads (3 and 2 tile rows
  // + 64 B each: 448 B); Blackhole's 130 cores: 2x2 blocks, no cliff (256 B of scratchpad).
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_layout: success cb=20480 l1=8192 total=29120 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=8192 l1=4096 total=12544 out=4096
  %7 = ttnn.to_layout %w : tensor<64x4096xbf16, #rm> -> tensor<64x4096xbf16, #l1>
  // Ops other than to_layout take tiled tensors.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: not_implemented: ttnn.relu: the operand 0 is row_major (row_major dram interleaved bf16): the op is modelled on tiled tensors (convert with ttnn.to_layout)
  %9 = ttnn.relu %rm : tensor<64x1024xbf16, #rm> -> tensor<64x1024xbf16, #l1>
  return
}
