// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.slice of a tiled tensor with an end inside the tile padding of its last two dimensions: ttnn 0.81.1
// checks ends against the padded shape and runs its tile program; the result is end - begin long (not
// clamped to the logical size). Figures measured with ttnn 0.81.1 on both mock devices (same on both).

// CHECK-LABEL: op constraints of @end_in_padding
func.func @end_in_padding(%a: tensor<1x1x721x576xf32, #ttnn.layout<dram, interleaved, f32>>, %b: tensor<3x50x64xf32, #ttnn.layout<l1, interleaved, f32>>, %c: tensor<64x570xf32, #ttnn.layout<dram, interleaved, f32>>, %d: tensor<50x64xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=8192 l1=0 total=8208 out=0
  %0 = ttnn.slice %a {begins = array<i64: 0, 0, 0, 288>, ends = array<i64: 1, 1, 736, 416>, step = array<i64: 1, 1, 1, 1>} : tensor<1x1x721x576xf32, #ttnn.layout<dram, interleaved, f32>> -> tensor<1x1x736x128xf32, #ttnn.layout<dram, interleaved, f32>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=8192 l1=4096 total=12300
  %1 = ttnn.slice %b {begins = array<i64: 1, 0, 0>, ends = array<i64: 3, 64, 64>, step = array<i64: 1, 1, 1>} : tensor<3x50x64xf32, #ttnn.layout<l1, interleaved, f32>> -> tensor<2x64x64xf32, #ttnn.layout<l1, interleaved, f32>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=8192 l1=4096 total=12296
  %2 = ttnn.slice %c {begins = array<i64: 0, 32>, ends = array<i64: 64, 576>, step = array<i64: 1, 1>} : tensor<64x570xf32, #ttnn.layout<dram, interleaved, f32>> -> tensor<64x544xf32, #ttnn.layout<l1, interleaved, f32>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=2176 l1=1088 total=3272
  %3 = ttnn.slice %d {begins = array<i64: 0, 0>, ends = array<i64: 64, 64>, step = array<i64: 1, 1>} : tensor<50x64xbf16, #ttnn.layout<l1, interleaved, bfp8_b>> -> tensor<64x64xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>
  return
}
