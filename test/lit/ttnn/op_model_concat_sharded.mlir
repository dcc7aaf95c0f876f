// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.concat of height-sharded inputs (ttnn 0.81.1, the calibration harness's
// mock-device figures). Along the width, the sharded program writes the
// concatenated shards into a height-sharded tensor on the inputs' grid (448
// rows x the summed widths a core), which sharded_to_interleaved copies to an
// interleaved output. Two inputs: the tiled program's transposes (in0 and in1
// shard-width tiles) and concat and output-transpose CBs (their sum each).

#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>
#hs64 = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x64>
#hs96 = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x96>
#hs8 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 8x8, shard = 448x32>
#hs8w64 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 8x8, shard = 448x64>
#hs4x4 = #ttnn.layout<l1, height_sharded, bf16, grid = 4x4, shard = 1792x64>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 64x32>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>
#l18 = #ttnn.layout<l1, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @width
// BH-LABEL: op constraints of @width
func.func @width(%a: tensor<28672x32xbf16, #hs>, %b: tensor<28672x64xbf16, #hs64>) {
  // 1 + 1 transposed tiles, 2 concatenated, 2 transposed back: 12288 B; the
  // 57344-B sharded tensor, then the 57344-B-a-bank output.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=12288 l1=114688 total=126976 out=57344 layouts=[#ttnn.layout<l1, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=12288 l1=86016 total=98304 out=28672
  %0 = ttnn.concat %a, %a {dim = 1 : si32} : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #hs> -> tensor<28672x64xbf16, #l1>
  // Into DRAM: the sharded tensor is the only L1.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=12288 l1=57344 total=69632 out=0
  %1 = ttnn.concat %a, %a {dim = 1 : si32} : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #hs> -> tensor<28672x64xbf16, #dram>
  // A sharded output is the concatenated shards themselves.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=12288 l1=57344 total=69632 out=57344 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x64>]
  %2 = ttnn.concat %a, %a {dim = 1 : si32} : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #hs> -> tensor<28672x64xbf16, #hs64>
  // 1 + 2 tiles: 6 staged tiles and 3 output tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=18432 l1=86016 total=104448 out=86016
  %3 = ttnn.concat %b, %a {dim = 1 : si32} : tensor<28672x64xbf16, #hs64>, tensor<28672x32xbf16, #hs> -> tensor<28672x96xbf16, #hs96>
  // Three inputs: the multi-tensor program, every CB a shard.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=0 l1=172032 total=172032 out=86016
  %4 = ttnn.concat %a, %a, %a {dim = 1 : si32} : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #hs> -> tensor<28672x96xbf16, #l1>
  return
}

// bfp8_b: the transposes and the concat stage bf16 tiles, the output
// transpose holds the input's 1088-B tiles.
// CHECK-LABEL: op constraints of @bfp8
func.func @bfp8(%a: tensor<28672x32xbf16, #hs8>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=10368 l1=30464 total=40832 out=30464
  %0 = ttnn.concat %a, %a {dim = 1 : si32} : tensor<28672x32xbf16, #hs8>, tensor<28672x32xbf16, #hs8> -> tensor<28672x64xbf16, #hs8w64>
  // Along the height: each input copied to L1 interleaved, then the
  // interleaved program's 2-page CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=2176 l1=60928 total=63104 out=30464
  %1 = ttnn.concat %a, %a {dim = 0 : si32} : tensor<28672x32xbf16, #hs8>, tensor<28672x32xbf16, #hs8> -> tensor<57344x32xbf16, #l18>
  return
}

// CHECK-LABEL: op constraints of @rejected
func.func @rejected(%a: tensor<28672x32xbf16, #hs>, %d: tensor<28672x32xbf16, #dram>) {
  // ttnn 0.81.1 (TT_FATAL): a sharded output on another grid than the inputs', and sharded inputs
  // beside interleaved ones.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: the output l1 height_sharded bf16 (grid 4x4, shard 1792x64) is not sharded like the inputs (ttnn 0.81.1: TT_FATAL)
  %0 = ttnn.concat %a, %a {dim = 1 : si32} : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #hs> -> tensor<28672x64xbf16, #hs4x4>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: sharded and interleaved inputs mixed; ttnn 0.81.1 takes every input sharded or none (TT_FATAL)
  %1 = ttnn.concat %a, %d {dim = 1 : si32} : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #dram> -> tensor<28672x64xbf16, #l1>
  return
}

// Width and block shards of 256x1024 on 4x8 cores (figures from the calibration harness).
#ws4 = #ttnn.layout<l1, width_sharded, bf16, grid = 4x8, shard = 256x32>
#ws4h = #ttnn.layout<l1, width_sharded, bf16, grid = 4x8, shard = 512x32>
#bs4 = #ttnn.layout<l1, block_sharded, bf16, grid = 4x8, shard = 64x128>
#bs4w = #ttnn.layout<l1, block_sharded, bf16, grid = 4x8, shard = 64x256>

// CHECK-LABEL: op constraints of @width_block
// BH-LABEL: op constraints of @width_block
func.func @width_block(%w: tensor<256x1024xbf16, #ws4>, %b: tensor<256x1024xbf16, #bs4>, %b3: tensor<1x256x1024xbf16, #bs4>, %d: tensor<256x1024xbf16, #dram>) {
  // Width shards along the height: the shards joined on each core (every CB a shard).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=0 l1=32768 total=32768 out=32768 layouts=[#ttnn.layout<l1, width_sharded, bf16, grid = 4x8, shard = 512x32>]
  %0 = ttnn.concat %w, %w {dim = 0 : si32} : tensor<256x1024xbf16, #ws4>, tensor<256x1024xbf16, #ws4> -> tensor<512x1024xbf16, #ws4h>
  // Along the width: each input copied interleaved into L1 (2 x 8192 B), then the 2-page program.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=4096 l1=32768 total=36864 out=16384
  %1 = ttnn.concat %w, %w {dim = 1 : si32} : tensor<256x1024xbf16, #ws4>, tensor<256x1024xbf16, #ws4> -> tensor<256x2048xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: the output l1 block_sharded bf16 (grid 4x8, shard 64x256) is not sharded like the inputs
  %2 = ttnn.concat %w, %w {dim = 1 : si32} : tensor<256x1024xbf16, #ws4>, tensor<256x1024xbf16, #ws4> -> tensor<256x2048xbf16, #bs4w>
  // Block shards along the width, into L1: the joined shards (32768 B) then sharded_to_interleaved
  // (16384 B a core on Wormhole's 64 banks, 8192 on Blackhole's 130).
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=0 l1=49152 total=49152 out=16384
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=0 l1=40960 total=40960 out=8192
  %3 = ttnn.concat %b, %b {dim = 1 : si32} : tensor<256x1024xbf16, #bs4>, tensor<256x1024xbf16, #bs4> -> tensor<256x2048xbf16, #l1>
  // An outer dimension: each input copied interleaved into the output's buffer (DRAM here), then the
  // 2-page program; into shards ttnn fails.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=4096 l1=0 total=4096 out=0
  %4 = ttnn.concat %b3, %b3 {dim = 0 : si32} : tensor<1x256x1024xbf16, #bs4>, tensor<1x256x1024xbf16, #bs4> -> tensor<2x256x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: the output l1 width_sharded bf16 (grid 4x8, shard 512x32) is not sharded like the inputs (ttnn 0.81.1: TT_FATAL)
  %6 = ttnn.concat %b3, %b3 {dim = 0 : si32} : tensor<1x256x1024xbf16, #bs4>, tensor<1x256x1024xbf16, #bs4> -> tensor<2x256x1024xbf16, #ws4h>
  // Interleaved inputs into block shards: the 2-page CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=4096 l1=32768 total=36864 out=32768
  %5 = ttnn.concat %d, %d {dim = 1 : si32} : tensor<256x1024xbf16, #dram>, tensor<256x1024xbf16, #dram> -> tensor<256x2048xbf16, #bs4w>
  return
}

// A padded concat dimension of width or block shards: ttnn's untilize with unpadding TT_FATALs on a
// batched block-sharded input, the row-major concat along the width on an input that does not
// start (block) or span (width) whole L1 units (measured); height shards and batched width shards
// run (not modelled).
#bs_f32 = #ttnn.layout<l1, block_sharded, f32, grid = 3x2, shard = 32x32>
#bs_b = #ttnn.layout<l1, block_sharded, bf16, grid = 2x2, shard = 32x32>
#ws_b = #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 64x32>
#l1_out = #ttnn.layout<l1, interleaved, bf16>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>

// CHECK-LABEL: op constraints of @padded_concat_checks
func.func @padded_concat_checks(%a: tensor<96x59xf32, #bs_f32>, %b: tensor<2x32x50xbf16, #bs_b>, %c: tensor<64x59xbf16, #ws_b>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: the row-major concat of the untilized shards needs rows of whole L1 units at every input (59 columns are not; TT_FATAL)
  %0 = ttnn.concat %a, %a {dim = -1 : si32} : tensor<96x59xf32, #bs_f32>, tensor<96x59xf32, #bs_f32> -> tensor<96x118xf32, #dram_f32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: ttnn 0.81.1 untilizes block shards of a batched 2x32x50 with unpadding only unbatched
  %1 = ttnn.concat %b, %b {dim = -1 : si32} : tensor<2x32x50xbf16, #bs_b>, tensor<2x32x50xbf16, #bs_b> -> tensor<2x32x100xbf16, #l1_out>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: the row-major concat of the untilized shards needs rows of whole L1 units at every input (59 columns are not; TT_FATAL)
  %2 = ttnn.concat %c, %c {dim = -1 : si32} : tensor<64x59xbf16, #ws_b>, tensor<64x59xbf16, #ws_b> -> tensor<64x118xbf16, #l1_out>
  return
}

// Height shards along the height into shards of another scheme fail ttnn's first check (the output's
// memory layout; measured on both devices, fresh draw seed 654153663 concat #21).
// CHECK-LABEL: op constraints of @height_into_other_scheme
func.func @height_into_other_scheme(%a: tensor<256x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 4x1, shard = 64x64>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: the output l1 block_sharded bf16 (grid 2x2, shard 256x32) is not sharded like the inputs
  %0 = ttnn.concat %a, %a {dim = 0 : si32} : tensor<256x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 4x1, shard = 64x64>>, tensor<256x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 4x1, shard = 64x64>> -> tensor<512x64xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 2x2, shard = 256x32>>
  return
}

// Height shards along the height into height shards on their grid: TT_FATAL
// (concat_device_operation.cpp:220; measured on both mock devices, bf16 and
// f32: fresh draw seed 116907905 concat #4).
#hs_two = #ttnn.layout<l1, height_sharded, f32, grid = 1x2, shard = 64x128>
#hs_two_out = #ttnn.layout<l1, height_sharded, f32, grid = 1x2, shard = 256x128>
// CHECK-LABEL: op constraints of @height_into_height_shards
// BH-LABEL: op constraints of @height_into_height_shards
func.func @height_into_height_shards(%a: tensor<96x128xf32, #hs_two>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.concat: backend_error: {{.*}}inputs concatenated along dimension 0 into shards (ttnn 0.81.1: TT_FATAL
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: {{.*}}inputs concatenated along dimension 0 into shards (ttnn 0.81.1: TT_FATAL
  %0 = ttnn.concat %a, %a, %a, %a {dim = 0 : si32} : tensor<96x128xf32, #hs_two>, tensor<96x128xf32, #hs_two>, tensor<96x128xf32, #hs_two>, tensor<96x128xf32, #hs_two> -> tensor<384x128xf32, #hs_two_out>
  return
}
