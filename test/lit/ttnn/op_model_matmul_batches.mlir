// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// Matmul batches: b's batch double-buffers in1 in the 1-D program splitting N; an a whose
// leading dimensions are all 1 takes a batched b's batch (in0 reuse), any other mismatch is rejected.
// Figures measured on the mock devices.

// CHECK-LABEL: op constraints of @in1_buffering
// BH-LABEL: op constraints of @in1_buffering
func.func @in1_buffering(%x0_0: tensor<4x485x32xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x0_1: tensor<4x32x800xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x1_0: tensor<4x32x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x1_1: tensor<1x64x1664xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // matmul 4x485x32 l1 bf16 . 4x32x800 l1 bf16 -> dram bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=102400 l1=0 total=102400 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=102400 l1=0 total=102400 out=0
  %0 = ttnn.matmul %x0_0, %x0_1 : tensor<4x485x32xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<4x32x800xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<4x485x800xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // matmul 4x32x64 dram bf16 . 1x64x1664 dram bf16 -> l1 f32
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=16384 l1=16384 total=32768 out=16384
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=16384 l1=8192 total=24576 out=8192
  %1 = ttnn.matmul %x1_0, %x1_1 : tensor<4x32x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x64x1664xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<4x32x1664xf32, #ttnn.layout<l1, interleaved, f32>>
  return
}

// CHECK-LABEL: op constraints of @in0_reuse
// BH-LABEL: op constraints of @in0_reuse
func.func @in0_reuse(%x0_0: tensor<1x1x62x1984xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x0_1: tensor<2x3x1984x160xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x1_0: tensor<1x1x192x256xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %x1_1: tensor<2x3x256x424xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, %x2_0: tensor<2x1x62x256xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x2_1: tensor<2x3x256x160xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // matmul 1x1x62x1984 dram bf16 . 2x3x1984x160 dram bf16 -> dram bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=178176 l1=0 total=178176 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=178176 l1=0 total=178176 out=0
  %0 = ttnn.matmul %x0_0, %x0_1 : tensor<1x1x62x1984xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<2x3x1984x160xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<2x3x62x160xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // matmul 1x1x192x256 dram bfp8_b . 2x3x256x424 l1 bfp8_b -> l1 bfp8_b
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=113536 l1=8704 total=122240 out=8704
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=113536 l1=4352 total=117888 out=4352
  %1 = ttnn.matmul %x1_0, %x1_1 : tensor<1x1x192x256xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, tensor<2x3x256x424xbf16, #ttnn.layout<l1, interleaved, bfp8_b>> -> tensor<2x3x192x424xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>
  // matmul 2x1x62x256 dram bf16 . 2x3x256x160 dram bf16 -> dram bf16 (rejected)
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: backend_error
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: backend_error
  %2 = ttnn.matmul %x2_0, %x2_1 : tensor<2x1x62x256xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<2x3x256x160xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<2x1x62x160xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}
