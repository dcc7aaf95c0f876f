// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// MatmulMultiCore takes no transposed operand: ttnn.transpose copies it first, in its own
// memory config (an L1 copy stays until the op returns). Figures measured on the mock devices.

// CHECK-LABEL: op constraints of @copied
// BH-LABEL: op constraints of @copied
func.func @copied(%x0_0: tensor<1088x91xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x0_1: tensor<1088x320xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %x1_0: tensor<4x204x204xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %x1_1: tensor<160x204xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>) {
  // matmul 1088x91 dram bf16 . 1088x320 dram bfp8_b -> l1 bf16 T_a
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=10368 l1=2048 total=12416 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=10368 l1=2048 total=12416 out=2048
  %0 = ttnn.matmul %x0_0, %x0_1 {transpose_a = true} : tensor<1088x91xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1088x320xbf16, #ttnn.layout<dram, interleaved, bfp8_b>> -> tensor<91x320xbf16, #ttnn.layout<l1, interleaved, bf16>>
  // linear 4x204x204 dram bfp8_b . 160x204 l1 bfp8_b -> dram bfp8_b T_b
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: success cb=6528 l1=1088 total=7616 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=6528 l1=1088 total=7616 out=0
  %1 = ttnn.linear %x1_0, %x1_1 {transpose_b = true} : tensor<4x204x204xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, tensor<160x204xbf16, #ttnn.layout<l1, interleaved, bfp8_b>> -> tensor<4x204x160xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>
  return
}

// CHECK-LABEL: op constraints of @linear_view
// BH-LABEL: op constraints of @linear_view
// linear then views the result in the shape recomputed without the copied flag: a bias
// that does not broadcast with it, or a view larger than the output (Blackhole), is rejected.
func.func @linear_view(%x0_0: tensor<64x1162xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x0_1: tensor<418x1162xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x0_2: tensor<1x418xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x1_0: tensor<1088x91xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x1_1: tensor<1088x320xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %x1_2: tensor<1x320xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // linear 64x1162 dram bf16 . 418x1162 dram bf16 -> l1 bf16 T_b bias 1x418 dram bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: backend_error
  // BH: :[[@LINE+1]]:{{.*}} ttnn.linear: backend_error
  %0 = ttnn.linear %x0_0, %x0_1 bias %x0_2 {transpose_b = true} : tensor<64x1162xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<418x1162xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x418xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<64x418xbf16, #ttnn.layout<l1, interleaved, bf16>>
  // linear 1088x91 dram bf16 . 1088x320 dram bfp8_b -> l1 bf16 T_a bias 1x320 dram bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: success cb=26752 l1=4096 total=20480 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.linear: backend_error
  %1 = ttnn.linear %x1_0, %x1_1 bias %x1_2 {transpose_a = true} : tensor<1088x91xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1088x320xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, tensor<1x320xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<91x320xbf16, #ttnn.layout<l1, interleaved, bf16>>
  return
}
