// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn 0.81.1's pow_scalar of a row-major tensor by 0 writes a tensor of ones
// from the host: only the output is allocated, no program runs (no CB); a
// tiled x ** 0 runs the unary program. Figures: mock-device measurements.

#dram_rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#l1_rm = #ttnn.layout<row_major, l1, interleaved, bf16>
#l1_rm_f32 = #ttnn.layout<row_major, l1, interleaved, f32>
#hs_rm = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x2, shard = 1080x224>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @row_major
func.func @row_major(%d: tensor<3x3x30x224xbf16, #dram_rm>, %l: tensor<3x3x30x224xbf16, #l1_rm>, %s: tensor<3x3x30x224xbf16, #hs_rm>, %f: tensor<77xf32, #l1_rm_f32>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=0 l1=0 total=0 out=0
  %0 = ttnn.pow_scalar %d {exponent = 0.0 : f64} : tensor<3x3x30x224xbf16, #dram_rm> -> tensor<3x3x30x224xbf16, #dram_rm>
  // 270 rows of 448 B over the L1 banks.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.pow_scalar: success cb=0 l1=2240 total=2240 out=2240
  // BH: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=0 l1=1344 total=1344 out=1344
  %1 = ttnn.pow_scalar %l {exponent = 0.0 : f64} : tensor<3x3x30x224xbf16, #l1_rm> -> tensor<3x3x30x224xbf16, #l1_rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=0 l1=483840 total=483840 out=483840
  %2 = ttnn.pow_scalar %s {exponent = 0.0 : f64} : tensor<3x3x30x224xbf16, #hs_rm> -> tensor<3x3x30x224xbf16, #hs_rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=0 l1=320 total=320 out=320
  %3 = ttnn.pow_scalar %f {exponent = 0.0 : f64} : tensor<77xf32, #l1_rm_f32> -> tensor<77xf32, #l1_rm_f32>
  return
}

// CHECK-LABEL: op constraints of @tiled
func.func @tiled(%a: tensor<3x3x30x224xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=8192 l1=2048 total=10240 out=2048
  %0 = ttnn.pow_scalar %a {exponent = 0.0 : f64} : tensor<3x3x30x224xbf16, #l1> -> tensor<3x3x30x224xbf16, #l1>
  return
}
