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

// CHECK-LABEL: op constraints of @unsupported
func.func @unsupported(%a: tensor<28672x32xbf16, #hs>, %w: tensor<64x2048xbf16, #ws>, %d: tensor<28672x32xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: not_implemented: ttnn.concat: sharded inputs (l1 height_sharded bf16 (grid 8x8, shard 448x32), ...): a sharded output other than the concatenated shards (l1 height_sharded bf16 (grid 8x8, shard 448x64)) is not modelled
  %0 = ttnn.concat %a, %a {dim = 1 : si32} : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #hs> -> tensor<28672x64xbf16, #hs4x4>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: not_implemented: ttnn.concat: sharded and interleaved inputs mixed is not modelled
  %1 = ttnn.concat %a, %d {dim = 1 : si32} : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #dram> -> tensor<28672x64xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: not_implemented: ttnn.concat: sharded inputs (l1 width_sharded bf16 (grid 8x8, shard 64x32), ...): a concat of width_sharded inputs is not modelled
  %2 = ttnn.concat %w, %w {dim = 0 : si32} : tensor<64x2048xbf16, #ws>, tensor<64x2048xbf16, #ws> -> tensor<128x2048xbf16, #l1>
  return
}
