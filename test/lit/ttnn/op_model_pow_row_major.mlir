// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn 0.81.1's pow_scalar of a row-major tensor by 0 writes a tensor of ones
// from the host: only the output is allocated, no program runs (no CB); a
// tiled x ** 0 runs the unary program; x ** 1 is a copy. Figures: mock-device
// measurements.

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

// x ** 1 of a row-major tensor is ttnn's row-major copy: 2 pages of a row (a shard's row between
// shards alike) aligned to the output buffer, and a row of scratchpad between buffers of other
// alignments.
#dram_rm_f32 = #ttnn.layout<row_major, dram, interleaved, f32>
#l1_rm_f32b = #ttnn.layout<row_major, l1, interleaved, f32>
#ws_rm = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x2, shard = 64x64>

// CHECK-LABEL: op constraints of @row_major_copy
func.func @row_major_copy(%a: tensor<1x903x832xf32, #l1_rm_f32b>, %b: tensor<40x77xbf16, #l1_rm>, %c: tensor<40x77xbf16, #dram_rm>, %w: tensor<64x128xbf16, #ws_rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=6656 l1=0 total=9984 out=0
  %0 = ttnn.pow_scalar %a {exponent = 1.0 : f64} : tensor<1x903x832xf32, #l1_rm_f32b> -> tensor<1x903x832xf32, #dram_rm_f32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=320 l1=160 total=480 out=160
  %1 = ttnn.pow_scalar %b {exponent = 1.0 : f64} : tensor<40x77xbf16, #l1_rm> -> tensor<40x77xbf16, #l1_rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=320 l1=160 total=634 out=160
  %2 = ttnn.pow_scalar %c {exponent = 1.0 : f64} : tensor<40x77xbf16, #dram_rm> -> tensor<40x77xbf16, #l1_rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=256 l1=8192 total=8448 out=8192
  %3 = ttnn.pow_scalar %w {exponent = 1.0 : f64} : tensor<64x128xbf16, #ws_rm> -> tensor<64x128xbf16, #ws_rm>
  return
}
