// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// Matmul with a height- or width-sharded a (docs/op-model.md, "Matmul program
// configs"): ttnn 0.81.1's 1-D multicast program on a's grid. Height
// sharded: perCoreM = a's shard height, perCoreN = Nt, in0_block_w = Kt, the
// output block fitted to L1; width sharded: perCoreM = M, perCoreN = Nt /
// cores, in0_block_w = gcd(shard width, Kt). Interleaved operands with a
// sharded output keep the interleaved selection. Figures: the calibration
// harness's mock Wormhole ones (the second run: mock Blackhole).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 32x256>
#hs64 = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x512>
#hs64n = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x1024>
#hs128 = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 128x256>
#hs256 = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 256x512>
#hs64_f32 = #ttnn.layout<l1, height_sharded, f32, grid = 8x8, shard = 64x512>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 32x32>
#ws128 = #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 128x32>
#ws_bfp8 = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 8x8, shard = 32x32>
#l1_bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 256x32>
#bs128 = #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 128x128>

// CHECK-LABEL: op constraints of @height_sharded_all_of_k
func.func @height_sharded_all_of_k(%a: tensor<2048x256xbf16, #hs>, %b: tensor<256x256xbf16, #dram>) {
  // All of K in one block: in1 is 8 x 8 tiles, single-buffered (131072 B);
  // a's shard and the sharded output are their own CBs.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=131072 l1=16384 total=147456 out=16384 {{.*}}layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 32x256>]
  %0 = ttnn.matmul %a, %b : tensor<2048x256xbf16, #hs>, tensor<256x256xbf16, #dram> -> tensor<2048x256xbf16, #hs>
  // An interleaved output: the 8-tile output block is a CB too.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=147456 l1=0 total=147456 out=0
  %1 = ttnn.matmul %a, %b : tensor<2048x256xbf16, #hs>, tensor<256x256xbf16, #dram> -> tensor<2048x256xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=147456 l1=16384 total=163840 out=16384
  %2 = ttnn.matmul %a, %b : tensor<2048x256xbf16, #hs>, tensor<256x256xbf16, #dram> -> tensor<2048x256xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @height_sharded_fitted_block
func.func @height_sharded_fitted_block(%a: tensor<4096x512xbf16, #hs64>, %b: tensor<512x1024xbf16, #dram>, %c: tensor<512x512xbf16, #dram>, %h: tensor<16384x512xbf16, #hs256>, %af: tensor<4096x512xf32, #hs64_f32>, %cf: tensor<512x512xf32, #dram_f32>, %n: tensor<512x128xbf16, #dram>) {
  // 2 x 32 tiles do not fit with all of K: a 2 x 8 block (in1 8 x 16 tiles,
  // the output block 2 x 8).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=294912 l1=0 total=294912 out=0
  %0 = ttnn.matmul %a, %b : tensor<4096x512xbf16, #hs64>, tensor<512x1024xbf16, #dram> -> tensor<4096x1024xbf16, #dram>
  // A sharded output narrower than the block: one tile row at a time, a's
  // 2 x 16 rows copied (32 tiles), in1 128 tiles, an 8-tile intermediate.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=344064 l1=131072 total=475136 out=131072
  %1 = ttnn.matmul %a, %b : tensor<4096x512xbf16, #hs64>, tensor<512x1024xbf16, #dram> -> tensor<4096x1024xbf16, #hs64n>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=344064 l1=65536 total=409600 out=65536
  %2 = ttnn.matmul %a, %c : tensor<4096x512xbf16, #hs64>, tensor<512x512xbf16, #dram> -> tensor<4096x512xbf16, #hs64>
  // 8 x 4 tiles per core with K = 16: a 4 x 4 block on Wormhole; Blackhole's
  // larger budget fits 8 x 4 (in1 64 tiles, the output block 32).
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=163840 l1=0 total=163840 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=196608 l1=0 total=196608 out=0
  %5 = ttnn.matmul %h, %n : tensor<16384x512xbf16, #hs256>, tensor<512x128xbf16, #dram> -> tensor<16384x128xbf16, #dram>
  // 8 x 16 tiles per core: a 4 x 8 block, with a copy of a's 128-tile shard.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=589824 l1=0 total=589824 out=0
  %3 = ttnn.matmul %h, %c : tensor<16384x512xbf16, #hs256>, tensor<512x512xbf16, #dram> -> tensor<16384x512xbf16, #dram>
  // f32 tiles are twice as large: a 2 x 4 block.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=294912 l1=0 total=294912 out=0
  %4 = ttnn.matmul %af, %cf : tensor<4096x512xf32, #hs64_f32>, tensor<512x512xf32, #dram_f32> -> tensor<4096x512xf32, #dram_f32>
  return
}

// CHECK-LABEL: op constraints of @width_sharded
func.func @width_sharded(%a: tensor<32x2048xbf16, #ws>, %b: tensor<2048x2048xbf16, #dram>, %w: tensor<128x2048xbf16, #ws128>, %c: tensor<2048x1024xbf16, #dram>, %a8: tensor<32x2048xbf16, #ws_bfp8>, %b8: tensor<2048x2048xbf16, #l1_bfp8>) {
  // One tile of K per block (gcd(1, 64)): in0 and in1 2 tiles each,
  // double-buffered; a's shard and the output are their own CBs.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=8192 l1=2048 total=10240 out=2048 {{.*}}layouts=[#ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 32x32>]
  %0 = ttnn.matmul %a, %b : tensor<32x2048xbf16, #ws>, tensor<2048x2048xbf16, #dram> -> tensor<32x2048xbf16, #ws>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=10240 l1=0 total=10240 out=0
  %1 = ttnn.matmul %a, %b : tensor<32x2048xbf16, #ws>, tensor<2048x2048xbf16, #dram> -> tensor<32x2048xbf16, #dram>
  // 32 output blocks on 64 cores: in0's CB twice.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=45056 l1=0 total=45056 out=0
  %2 = ttnn.matmul %w, %c : tensor<128x2048xbf16, #ws128>, tensor<2048x1024xbf16, #dram> -> tensor<128x1024xbf16, #dram>
  // A bfp8_b output over 64 K blocks: one bf16 partials tile.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=7488 l1=1088 total=8576 out=1088
  %3 = ttnn.matmul %a8, %b8 : tensor<32x2048xbf16, #ws_bfp8>, tensor<2048x2048xbf16, #l1_bfp8> -> tensor<32x2048xbf16, #l1_bfp8>
  return
}

// CHECK-LABEL: op constraints of @output_sharded_unlike_a
func.func @output_sharded_unlike_a(%a: tensor<2048x256xbf16, #hs>, %b: tensor<256x256xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: backend_error: ttnn.matmul: a l1 height_sharded bf16 (grid 8x8, shard 32x256) with a l1 block_sharded bf16 (grid 8x8, shard 256x32) output: ttnn 0.81.1 requires the output sharded like a
  %0 = ttnn.matmul %a, %b : tensor<2048x256xbf16, #hs>, tensor<256x256xbf16, #dram> -> tensor<2048x256xbf16, #bs>
  return
}

// CHECK-LABEL: op constraints of @interleaved_sharded_output
func.func @interleaved_sharded_output(%a: tensor<2048x256xbf16, #dram>, %b: tensor<256x256xbf16, #dram>, %m: tensor<1024x1024xbf16, #dram>, %t: tensor<4096x512xbf16, #dram>, %c: tensor<512x512xbf16, #dram>, %u: tensor<8192x256xbf16, #dram>) {
  // The 1-D program (1 x 8 tiles per core, w = 2): in0 4 + in1 32 tiles, the
  // output block written into the 32x256 shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=73728 l1=16384 total=90112 out=16384
  %0 = ttnn.matmul %a, %b : tensor<2048x256xbf16, #dram>, tensor<256x256xbf16, #dram> -> tensor<2048x256xbf16, #hs>
  // A block-sharded output: ttnn's own 16 x 16-tile blocks on 2 x 2 cores.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=262144 l1=524288 total=786432 out=524288 {{.*}}layouts=[#ttnn.layout<l1, block_sharded, bf16, grid = 2x2, shard = 512x512>]
  %1 = ttnn.matmul %m, %m : tensor<1024x1024xbf16, #dram>, tensor<1024x1024xbf16, #dram> -> tensor<1024x1024xbf16, #bs128>
  // A 2 x 16 block whose first subblock is 2 x 4: ttnn cannot write it.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: backend_error: ttnn.matmul: the 1-D program splitting M writes its sharded output whole, in block rows or one tile high
  %2 = ttnn.matmul %t, %c : tensor<4096x512xbf16, #dram>, tensor<512x512xbf16, #dram> -> tensor<4096x512xbf16, #hs64>
  // Whatever spec was asked for: Wormhole's 4 x 8 block (subblock 4 x 2),
  // Blackhole's 2 x 8 (subblock 2 x 4); ttnn rejects both.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: backend_error: ttnn.matmul: the 1-D program splitting M writes its sharded output whole, in block rows or one tile high
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: backend_error: ttnn.matmul: the 1-D program splitting M writes its sharded output whole, in block rows or one tile high
  %3 = ttnn.matmul %u, %b : tensor<8192x256xbf16, #dram>, tensor<256x256xbf16, #dram> -> tensor<8192x256xbf16, #hs128>
  return
}
