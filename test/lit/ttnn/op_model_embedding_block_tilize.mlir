// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.embedding into a tiled result of partial tiles: the row-major program into a row-major temporary,
// then to_layout's tilize, here its block program (square blocks of the Wt x Ht tiles, a set of buffers for
// the full blocks and one for the cliff column, each staging a tile row of input and two DRAM alignment
// units in scratchpads). Figures measured on the mock devices.

#ids = #ttnn.layout<row_major, dram, interleaved, u32>
#ids_l1 = #ttnn.layout<row_major, l1, interleaved, u32>
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// WH-LABEL: op constraints of @block_tilize
// BH-LABEL: op constraints of @block_tilize
func.func @block_tilize(%i: tensor<1x1678xui32, #ids>, %w: tensor<1854x1568xbf16, #rm>, %j: tensor<2x288xui32, #ids_l1>, %v: tensor<418x1416xbf16, #rm>) {
  // 49 x 53 tiles: blocks of 7 on Wormhole's 64 cores (7 x 2 tiles, 7 tile rows of 64 B + 64 B staged);
  // 5 and a cliff column of 4 on Blackhole's 130 (64 B alignment units).
  // WH: :[[@LINE+2]]:{{.*}} ttnn.embedding: success cb=28672 l1=0 total=29184 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=36864 l1=0 total=37696 out=0
  %0 = ttnn.embedding %i, %w : tensor<1x1678xui32, #ids>, tensor<1854x1568xbf16, #rm> -> tensor<1x1678x1568xbf16, #dram>
  // An L1 result: the row-major temporary in L1 beside it.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.embedding: success cb=12288 l1=52112 total=64656 out=26624
  // BH: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=12288 l1=28496 total=41232 out=14336
  %1 = ttnn.embedding %j, %v : tensor<2x288xui32, #ids_l1>, tensor<418x1416xbf16, #rm> -> tensor<2x288x1416xbf16, #l1>
  return
}
