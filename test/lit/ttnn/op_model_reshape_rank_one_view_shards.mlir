// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn 0.81.1's reshape to a rank-1 tiled result of W (not a tile multiple) that its own view test
// (reshape.cpp, this_is_view: last dimension kept, sharded on both sides, rows kept) makes a view:
// it views the input in its own shards, so tensor_ops.cpp:380 (shards spanning the padded last
// dimension) falls on the input's shards, not the asked ones. Measured on both mock devices (edge
// draw seed 545927135 reshape #27 was a wrong rejection).

#hs448 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 32x448>
#hs448b = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x1, shard = 32x448>
#ws64 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x7, shard = 32x64>
#bs64b = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x7, shard = 32x64>
#hs1024 = #ttnn.layout<l1, height_sharded, f32, grid = 1x1, shard = 32x1024>
#ws256 = #ttnn.layout<l1, width_sharded, f32, grid = 1x4, shard = 32x256>
#bs1024 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x1, shard = 32x1024>
#bs256 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x4, shard = 32x256>

// CHECK-LABEL: op constraints of @input_spans
func.func @input_spans(%a: tensor<424xbf16, #hs448b>, %b: tensor<1x424xbf16, #hs448>, %c: tensor<1x1000xf32, #hs1024>, %d: tensor<1000xbf16, #bs1024>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0
  %0 = ttnn.reshape %a {shape = array<i64: 424>} : tensor<424xbf16, #hs448b> -> tensor<424xbf16, #bs64b>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0
  %1 = ttnn.reshape %b {shape = array<i64: 424>} : tensor<1x424xbf16, #hs448> -> tensor<424xbf16, #ws64>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0
  %2 = ttnn.reshape %c {shape = array<i64: 1000>} : tensor<1x1000xf32, #hs1024> -> tensor<1000xf32, #ws256>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0
  %3 = ttnn.reshape %d {shape = array<i64: 1000>} : tensor<1000xbf16, #bs1024> -> tensor<1000xbf16, #bs256>
  return
}

// CHECK-LABEL: op constraints of @input_narrow
func.func @input_narrow(%a: tensor<424xbf16, #ws64>, %b: tensor<1x424xbf16, #ws64>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: {{.*}}rank-1 result of 424 from the input in its own shards only in shards spanning it
  %0 = ttnn.reshape %a {shape = array<i64: 424>} : tensor<424xbf16, #ws64> -> tensor<424xbf16, #hs448>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: {{.*}}rank-1 result of 424 from the input in its own shards only in shards spanning it
  %1 = ttnn.reshape %b {shape = array<i64: 424>} : tensor<1x424xbf16, #ws64> -> tensor<424xbf16, #hs448>
  return
}
