// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// Matmul with a block-sharded a (docs/op-model.md, "Matmul program configs"):
// ttnn 0.81.1's 2-D multicast program on a's grid, perCoreM x in0_block_w =
// a's shard, perCoreN = Nt / columns; a's shard and a block-sharded output
// are their own CBs. Figures: the calibration harness's mock Wormhole ones.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 128x128>
#bs_bfp8 = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 8x8, shard = 128x128>
#dram_bfp8 = #ttnn.layout<dram, interleaved, bfp8_b>
#bs4x8 = #ttnn.layout<l1, block_sharded, bf16, grid = 4x8, shard = 128x128>
#bs4x8_n64 = #ttnn.layout<l1, block_sharded, bf16, grid = 4x8, shard = 128x64>
#bs4x4 = #ttnn.layout<l1, block_sharded, bf16, grid = 4x4, shard = 256x256>

// CHECK-LABEL: op constraints of @block_sharded
// STATE-LABEL: op constraints of @block_sharded (stateful)
func.func @block_sharded(%a: tensor<1024x1024xbf16, #bs>, %b: tensor<1024x1024xbf16, #dram>, %a8: tensor<1024x1024xbf16, #bs_bfp8>, %b8: tensor<1024x1024xbf16, #dram_bfp8>) {
  // in0 and in1 blocks of 4 x 4 tiles, double-buffered (K takes 8 blocks).
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=131072 l1=32768 total=163840 out=32768 {{.*}}runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=131072 l1=32768 total=163840 out=32768 {{.*}}allocs=[l1@{{[0-9]+}}+32768]
  %0 = ttnn.matmul %a, %b : tensor<1024x1024xbf16, #bs>, tensor<1024x1024xbf16, #dram> -> tensor<1024x1024xbf16, #bs>
  // An interleaved output streams through a 16-tile output CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=163840 l1=0 total=163840 out=0
  %1 = ttnn.matmul %a, %b : tensor<1024x1024xbf16, #bs>, tensor<1024x1024xbf16, #dram> -> tensor<1024x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=163840 l1=32768 total=196608 out=32768
  %2 = ttnn.matmul %a, %b : tensor<1024x1024xbf16, #bs>, tensor<1024x1024xbf16, #dram> -> tensor<1024x1024xbf16, #l1>
  // bfp8_b: the partials CB of 16 bf16 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=102400 l1=17408 total=119808 out=17408
  %3 = ttnn.matmul %a8, %b8 : tensor<1024x1024xbf16, #bs_bfp8>, tensor<1024x1024xbf16, #dram_bfp8> -> tensor<1024x1024xbf16, #bs_bfp8>
  // ttnn derives the output's shard spec from a's: a 4x4 request comes back
  // as 128x128 shards on a's 8x8 grid.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=131072 l1=32768 total=163840 out=32768 layouts=[#ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 128x128>]
  %4 = ttnn.matmul %a, %b : tensor<1024x1024xbf16, #bs>, tensor<1024x1024xbf16, #dram> -> tensor<1024x1024xbf16, #bs4x4>
  return
}

// CHECK-LABEL: op constraints of @rectangular_grid
func.func @rectangular_grid(%a: tensor<512x1024xbf16, #bs4x8>, %b: tensor<1024x512xbf16, #dram>) {
  // 4 rows x 8 columns: perCoreN = 16 / 8 = 2 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=98304 l1=16384 total=114688 out=16384
  %0 = ttnn.matmul %a, %b : tensor<512x1024xbf16, #bs4x8>, tensor<1024x512xbf16, #dram> -> tensor<512x512xbf16, #bs4x8_n64>
  return
}

// CHECK-LABEL: op constraints of @transposed_b
func.func @transposed_b(%a: tensor<1024x1024xbf16, #dram>, %bb: tensor<1024x1024xbf16, #bs>) {
  // The 2-D program on a's grid transposes b's tiles as it reads them: the
  // CBs of the untransposed product (measured on both mock devices).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=163840 l1=0 total=163840 out=0
  %2 = ttnn.matmul %bb, %a {transpose_b = true} : tensor<1024x1024xbf16, #bs>, tensor<1024x1024xbf16, #dram> -> tensor<1024x1024xbf16, #dram>
  return
}
