// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Dimensions other than the last two: ttnn 0.81.1 moves each to H with a
// transpose (bfp8_b through bf16), H-reduces it and moves it back, every
// temporary placed like the output; a sum of bf16 / bfp8_b runs
// fast_reduce_nc instead. Figures: mock-device measurements (Wormhole).

#dram = #ttnn.layout<dram, interleaved, bf16>
#dram_bfp8 = #ttnn.layout<dram, interleaved, bfp8_b>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#l1_bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @transposes
func.func @transposes(%a: tensor<3x170x18xbf16, #dram>, %b: tensor<2x3x64x96xbf16, #dram_bfp8>) {
  // The transposed 170x3x18 (6 tiles a bank) and its reduction live together.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=12288 l1=12288 total=22528 out=2048
  %0 = ttnn.max %a {dim_arg = array<i64: 0>, keep_dim = true} : tensor<3x170x18xbf16, #dram> -> tensor<1x170x18xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: success cb=12928 l1=21952 total=31744 out=1088
  %1 = ttnn.mean %b {dim_arg = array<i64: 1>, keep_dim = true} : tensor<2x3x64x96xbf16, #dram_bfp8> -> tensor<2x1x64x96xbf16, #l1_bfp8>
  return
}

// CHECK-LABEL: op constraints of @fast_reduce_nc
func.func @fast_reduce_nc(%a: tensor<2x3x64x96xbf16, #dram>) {
  // One program a dimension, from the last: 2 x 3 bf16 input tiles into f32
  // (a bf16 sum over some dimensions keeps f32 between its programs), then
  // 2 x 2 f32 input tiles into bf16.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=22528 l1=0 total=22528 out=0
  %0 = ttnn.sum %a {dim_arg = array<i64: 0, 1>, keep_dim = true} : tensor<2x3x64x96xbf16, #dram> -> tensor<1x1x64x96xbf16, #dram>
  return
}
