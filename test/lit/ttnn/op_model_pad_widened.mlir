// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.pad of a tiled height-sharded input whose width changes, into
// shards: ttnn 0.81.1 (pad.cpp) pads it into height shards of the result's
// tile-padded width on the input's grid, ceil(rows / cores) logical rows
// each, whatever shards were asked (the answer's layout says so); shards
// that are not whole tiles are its TT_FATAL; a result taller than the
// input's logical rows is then padded in height into the requested shards.
// An interleaved output is placed as asked. Figures: mock-device
// measurements, both devices.

#hs1 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x736>
#ws5 = #ttnn.layout<l1, width_sharded, bf16, grid = 5x1, shard = 32x160>
#hs2 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 32x736>
#ws5_64 = #ttnn.layout<l1, width_sharded, bf16, grid = 5x1, shard = 64x160>
#hs2_96 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 64x736>
#ws5_96 = #ttnn.layout<l1, width_sharded, bf16, grid = 5x1, shard = 96x160>
#hs3 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x3, shard = 32x736>
#hs2_b = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x2, shard = 32x736>
#hs1_b = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x1, shard = 64x768>
#hs1_768 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 64x768>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @not_whole_tiles
func.func @not_whole_tiles(%a: tensor<14x736xbf16, #hs1>, %b: tensor<96x736xbf16, #hs2_96>) {
  // 14 rows on one core.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: backend_error: ttnn.pad: ttnn pads the width of a height-sharded input into height shards of 14 rows
  %0 = ttnn.pad %a {padding = array<i64: 0, 0, 0, 7>, value = 1.0 : f64} : tensor<14x736xbf16, #hs1> -> tensor<14x743xbf16, #ws5>
  // 96 rows on two cores.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: backend_error: ttnn.pad: ttnn pads the width of a height-sharded input into height shards of 48 rows
  %1 = ttnn.pad %b {padding = array<i64: 0, 0, 0, 7>, value = 1.0 : f64} : tensor<96x736xbf16, #hs2_96> -> tensor<96x743xbf16, #ws5_96>
  // An interleaved result is placed as asked (the fill-pad, then the pad).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=10240 l1=0 total=10240 out=0
  %2 = ttnn.pad %a {padding = array<i64: 0, 0, 0, 7>, value = 1.0 : f64} : tensor<14x736xbf16, #hs1> -> tensor<14x743xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @widened
func.func @widened(%a: tensor<64x736xbf16, #hs2>, %u: tensor<64x730xbf16, #hs2>, %q: tensor<64x736xbf16, #hs2_b>) {
  // 32x768 shards on the input's two cores (24 tiles), not the 64x160 asked.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=4096 l1=49152 total=55296 out=49152 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 32x768>]
  %0 = ttnn.pad %a {padding = array<i64: 0, 0, 0, 7>, value = 1.0 : f64} : tensor<64x736xbf16, #hs2> -> tensor<64x743xbf16, #ws5_64>
  // Taller too: 32x736 shards on two cores, then the pad in height into the 1x3 shards asked.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=10240 l1=94208 total=100352 out=47104 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 1x3, shard = 32x736>]
  %1 = ttnn.pad %u {padding = array<i64: 0, 32, 0, 0>, value = 1.0 : f64} : tensor<64x730xbf16, #hs2> -> tensor<96x730xbf16, #hs3>
  // bfp8_b through bf16: the input's bf16 copy, the bf16 and the bfp8_b results in the widened shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=6272 l1=122368 total=128640 out=26112
  %2 = ttnn.pad %q {padding = array<i64: 0, 0, 0, 7>, value = 1.0 : f64} : tensor<64x736xbf16, #hs2_b> -> tensor<64x743xbf16, #hs1_b>
  return
}
