// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.pad of a tiled input with partial tiles that the pad keeps within its tiles, into an output
// on the other side of sharding: ttnn 0.81.1 refills the input in place (fill_pad), then copies it
// with to_memory_config, whose (un)sharding program's buffers are the shards. Figures: both mock
// devices (bf16, f32).
#ws = #ttnn.layout<l1, width_sharded, f32, grid = 3x1, shard = 832x96>
#ws16 = #ttnn.layout<l1, width_sharded, bf16, grid = 3x1, shard = 832x96>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>
#l1_f32 = #ttnn.layout<l1, interleaved, f32>
#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 4x1, shard = 64x64>
#hs1 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 256x64>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 2x2, shard = 128x160>

// CHECK-LABEL: op constraints of @f
func.func @f(%a: tensor<813x230xf32, #ws>, %b: tensor<2x100x64xbf16, #l1>, %c: tensor<200x300xbf16, #dram>, %d: tensor<813x230xbf16, #ws16>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=24576 l1=0 total=24576 out=0
  %0 = ttnn.pad %a {padding = array<i64: 0, 0, 0, 6>, value = 1.0 : f64} : tensor<813x230xf32, #ws> -> tensor<813x236xf32, #dram_f32>
  // WH: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=24576 l1=16384 total=40960 out=16384
  %1 = ttnn.pad %a {padding = array<i64: 0, 0, 0, 6>, value = 1.0 : f64} : tensor<813x230xf32, #ws> -> tensor<813x236xf32, #l1_f32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=10240 l1=32768 total=43008 out=32768
  %2 = ttnn.pad %b {padding = array<i64: 0, 0, 0, 20, 0, 0>, value = 1.0 : f64} : tensor<2x100x64xbf16, #l1> -> tensor<2x120x64xbf16, #hs1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=12288 l1=40960 total=53248 out=40960
  %3 = ttnn.pad %c {padding = array<i64: 0, 0, 0, 10>, value = 1.0 : f64} : tensor<200x300xbf16, #dram> -> tensor<200x310xbf16, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=12288 l1=0 total=12288 out=0
  %4 = ttnn.pad %d {padding = array<i64: 0, 0, 0, 6>, value = 1.0 : f64} : tensor<813x230xbf16, #ws16> -> tensor<813x236xbf16, #dram>
  return
}
