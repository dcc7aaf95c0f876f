// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// linear adds after the product a bias taller than one tile row, a batched bias, or any bias
// of a batched b; the output may take another data type. Figures measured on the mock devices.

// CHECK-LABEL: op constraints of @added_after
// BH-LABEL: op constraints of @added_after
func.func @added_after(%x0_0: tensor<672x1280xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x0_1: tensor<864x1280xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x0_2: tensor<672x864xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x1_0: tensor<4x1x13x1162xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x1_1: tensor<418x1162xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x1_2: tensor<4x1x13x418xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x2_0: tensor<2x3x192x145xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x2_1: tensor<2x3x145x372xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x2_2: tensor<1x372xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, %x3_0: tensor<4x3x320x79xf32, #ttnn.layout<dram, interleaved, f32>>, %x3_1: tensor<79x32xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x3_2: tensor<1x32xf32, #ttnn.layout<l1, interleaved, f32>>) {
  // linear 672x1280 dram bf16 . 864x1280 dram bf16 -> dram bf16 T_b bias 672x864 dram bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: success cb=180224 l1=0 total=167936 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=55296 l1=0 total=43008 out=0
  %0 = ttnn.linear %x0_0, %x0_1 bias %x0_2 {transpose_b = true} : tensor<672x1280xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<864x1280xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<672x864xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<672x864xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // linear 4x1x13x1162 dram bf16 . 418x1162 dram bf16 -> dram bf16 T_b bias 4x1x13x418 dram bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: success cb=22528 l1=0 total=12288 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=22528 l1=0 total=12288 out=0
  %1 = ttnn.linear %x1_0, %x1_1 bias %x1_2 {transpose_b = true} : tensor<4x1x13x1162xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<418x1162xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<4x1x13x418xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<4x1x13x418xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // linear 2x3x192x145 dram bf16 . 2x3x145x372 dram bf16 -> dram bf16 bias 1x372 l1 bfp8_b
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: success cb=28928 l1=0 total=16384 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=22784 l1=0 total=12544 out=0
  %2 = ttnn.linear %x2_0, %x2_1 bias %x2_2 : tensor<2x3x192x145xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<2x3x145x372xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x372xbf16, #ttnn.layout<l1, interleaved, bfp8_b>> -> tensor<2x3x192x372xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // linear 4x3x320x79 dram f32 . 79x32 dram bf16 -> l1 bfp8_b bias 1x32 l1 f32 relu
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: success cb=36160 l1=4352 total=25088 out=2176
  // BH: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=36160 l1=2176 total=22912 out=1088
  %3 = ttnn.linear %x3_0, %x3_1 bias %x3_2 activation relu : tensor<4x3x320x79xf32, #ttnn.layout<dram, interleaved, f32>>, tensor<79x32xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x32xf32, #ttnn.layout<l1, interleaved, f32>> -> tensor<4x3x320x32xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>
  return
}
