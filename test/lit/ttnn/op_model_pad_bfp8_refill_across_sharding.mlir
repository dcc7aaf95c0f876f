// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.pad of a bfp8_b tensor of partial tiles within its own tiles, across sharding (ttnn 0.81.1,
// pad.cpp; measured alike on both mock devices): the fill-pad through bf16 writes a refilled bfp8_b copy
// placed like the input (the bf16 copy freed once cast back), which to_memory_config's (un)sharding
// program (0 B of CB) copies into the output; the copy is freed after.

#hs1 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x1, shard = 32x640>
#hs4 = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x4, shard = 32x224>
#bs = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 2x7, shard = 64x32>
#dram = #ttnn.layout<dram, interleaved, bfp8_b>
#l1 = #ttnn.layout<l1, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @from_shards
func.func @from_shards(%a: tensor<616xbf16, #hs1>, %b: tensor<100x200xbf16, #hs4>, %c: tensor<100x200xbf16, #bs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=12288 l1=62720 total=75008 out=0
  %0 = ttnn.pad %a {padding = array<i64: 0, 15>} : tensor<616xbf16, #hs1> -> tensor<631xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=12288 l1=21952 total=34240 out=1088
  %1 = ttnn.pad %b {padding = array<i64: 0, 10, 0, 20>} : tensor<100x200xbf16, #hs4> -> tensor<110x220xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=12288 l1=6272 total=18560 out=0
  %2 = ttnn.pad %c {padding = array<i64: 0, 10, 0, 20>} : tensor<100x200xbf16, #bs> -> tensor<110x220xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @into_shards
func.func @into_shards(%a: tensor<100x200xbf16, #l1>, %b: tensor<100x200xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=12288 l1=8704 total=15424 out=7616
  %0 = ttnn.pad %a {padding = array<i64: 0, 10, 0, 20>} : tensor<100x200xbf16, #l1> -> tensor<110x220xbf16, #hs4>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=12288 l1=2176 total=12288 out=2176
  %1 = ttnn.pad %b {padding = array<i64: 0, 10, 0, 20>} : tensor<100x200xbf16, #dram> -> tensor<110x220xbf16, #bs>
  return
}
