// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// Matmul with transpose_a: the 1-D and 2-D programs transpose in0's tiles through one more CB
// like in0's. Figures measured on the mock devices.

// CHECK-LABEL: op constraints of @in_kernel
// BH-LABEL: op constraints of @in_kernel
func.func @in_kernel(%x0_0: tensor<3x2x1152x64xf32, #ttnn.layout<l1, interleaved, f32>>, %x0_1: tensor<1152x1600xf32, #ttnn.layout<l1, interleaved, f32>>, %x1_0: tensor<352x32xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x1_1: tensor<576x352xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x2_0: tensor<1632x64xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, %x2_1: tensor<1632x1088xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>) {
  // matmul 3x2x1152x64 l1 f32 . 1152x1600 l1 f32 -> dram f32 T_a
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=90112 l1=0 total=90112 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=90112 l1=0 total=90112 out=0
  %0 = ttnn.matmul %x0_0, %x0_1 {transpose_a = true} : tensor<3x2x1152x64xf32, #ttnn.layout<l1, interleaved, f32>>, tensor<1152x1600xf32, #ttnn.layout<l1, interleaved, f32>> -> tensor<3x2x64x1600xf32, #ttnn.layout<dram, interleaved, f32>>
  // matmul 352x32 dram bf16 . 576x352 dram bf16 -> dram bf16 T_a T_b
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=14336 l1=0 total=14336 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=14336 l1=0 total=14336 out=0
  %1 = ttnn.matmul %x1_0, %x1_1 {transpose_a = true, transpose_b = true} : tensor<352x32xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<576x352xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<32x576xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // matmul 1632x64 l1 bfp8_b . 1632x1088 dram bfp8_b -> l1 bfp8_b T_a
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=17152 l1=2176 total=19328 out=2176
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=17152 l1=1088 total=18240 out=1088
  %2 = ttnn.matmul %x2_0, %x2_1 {transpose_a = true} : tensor<1632x64xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, tensor<1632x1088xbf16, #ttnn.layout<dram, interleaved, bfp8_b>> -> tensor<64x1088xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>
  return
}
