// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.repeat of row-major shards (repeat.cpp, repeat_codegen_supported.cpp; measured on both mock devices):
// shards of partial rows (width shards too) are unsharded and repeated by the codegen legs, shards of whole
// rows are read in place by them; ttnn demotes to its native sharded repeat (not modelled) a single-dimension
// repeat it replicates in place, which TT_FATALs in its view of rows padded to whole shards, and height
// shards on a grid wider than tall repeated along the last dimension into height shards.

// 115 columns in 3x3 width shards of 13 (padded to 117), repeated along both dimensions: unsharded (the
// copy program), then the codegen legs (stress draw seed 650175627 repeat #41).
// CHECK-LABEL: op constraints of @width_shards_codegen
func.func @width_shards_codegen(%a: tensor<734x115xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 3x3, shard = 734x13>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=7936 l1=32480 total=39904 out=32480
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=8192 l1=15776 total=23456 out=15776
  %0 = ttnn.repeat %a {repeats = array<i64: 3, 4>} : tensor<734x115xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 3x3, shard = 734x13>> -> tensor<2202x460xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  return
}

// Height shards of whole rows: the legs read them in place (last dimension, then the rows).
// CHECK-LABEL: op constraints of @whole_rows_in_place
func.func @whole_rows_in_place(%a: tensor<400x100xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x2, shard = 100x100>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=4864 l1=12160 total=17024 out=7904
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=4864 l1=6688 total=11552 out=4256
  %0 = ttnn.repeat %a {repeats = array<i64: 2, 3>} : tensor<400x100xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x2, shard = 100x100>> -> tensor<800x300xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  return
}

// 192 columns in width shards of 7 (padded to 196) repeated along the rows alone: native, TT_FATAL in
// ttnn's view (tensor_ops.cpp:380).
// CHECK-LABEL: op constraints of @native_padded_rows
func.func @native_padded_rows(%a: tensor<704x192xf32, #ttnn.layout<row_major, l1, width_sharded, f32, grid = 4x7, shard = 704x7>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: backend_error: {{.*}} natively and views it with rows padded to whole shards
  %r = ttnn.repeat %a {repeats = array<i64: 2, 1>} : tensor<704x192xf32, #ttnn.layout<row_major, l1, width_sharded, f32, grid = 4x7, shard = 704x7>> -> tensor<1408x192xf32, #ttnn.layout<row_major, dram, interleaved, f32>>
  return
}

// Width shards dividing the rows, along the rows alone into shards on their grid: native (cb 0, scratchpad
// 512 measured), not modelled.
// CHECK-LABEL: op constraints of @native_width_shards
func.func @native_width_shards(%a: tensor<64x192xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 2x3, shard = 64x32>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: not_implemented: {{.*}} natively
  %r = ttnn.repeat %a {repeats = array<i64: 2, 1>} : tensor<64x192xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 2x3, shard = 64x32>> -> tensor<128x192xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 2x3, shard = 128x32>>
  return
}

// Height shards of whole rows on 1x4 cores along the last dimension into height shards: native.
// CHECK-LABEL: op constraints of @native_row_grid
func.func @native_row_grid(%a: tensor<400x100xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x4, shard = 100x100>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: not_implemented: {{.*}} natively
  %r = ttnn.repeat %a {repeats = array<i64: 1, 3>} : tensor<400x100xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x4, shard = 100x100>> -> tensor<400x300xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x4, shard = 100x300>>
  return
}
