// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.softmax of a row-major input: ttnn 0.81.1 counts the dimension on the
// input unsqueezed to rank 4 and tilizes the input first (in its memory
// config) only when that is the input's last index: a rank-4 input over
// dimension 3, a rank-3 one over dimension 1. The tiled program follows and
// its result is tiled. Every other row-major input reaches the program
// row-major: TT_FATAL (softmax_device_operation.cpp:181). Figures: ttnn 0.81.1
// on the mock devices.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#rm_f32 = #ttnn.layout<row_major, dram, interleaved, f32>
#l1_rm = #ttnn.layout<row_major, l1, interleaved, bf16>
#l1_rm_f32 = #ttnn.layout<row_major, l1, interleaved, f32>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 4x1, shard = 32x96>
#rm_hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 32x96>

// CHECK-LABEL: op constraints of @rejected
func.func @rejected(%a: tensor<64x64xbf16, #rm>, %b: tensor<3x40x50xbf16, #rm>, %c: tensor<2x3x40x50xbf16, #rm>, %d: tensor<84xf32, #rm_f32>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: backend_error: ttnn.softmax: the input is row_major
  %0 = ttnn.softmax %a {dimension = 1 : si32} : tensor<64x64xbf16, #rm> -> tensor<64x64xbf16, #rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: backend_error: ttnn.softmax: the input is row_major
  %1 = ttnn.softmax %b {dimension = -1 : si32} : tensor<3x40x50xbf16, #rm> -> tensor<3x40x50xbf16, #rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: backend_error: ttnn.softmax: the input is row_major
  %2 = ttnn.softmax %c {dimension = -2 : si32} : tensor<2x3x40x50xbf16, #rm> -> tensor<2x3x40x50xbf16, #rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: backend_error: ttnn.softmax: the input is row_major
  %3 = ttnn.softmax %d {dimension = 0 : si32} : tensor<84xf32, #rm_f32> -> tensor<84xf32, #l1_rm_f32>
  return
}

// The tilize's two CBs of a tile row (31 f32 tiles, 126976 B each) are
// below the softmax's (346112 B); the tilized copy (L1 when the input is)
// and the result are live together.
// CHECK-LABEL: op constraints of @tilized
func.func @tilized(%a: tensor<2x1x117x988xf32, #rm_f32>, %b: tensor<2x1x117x988xf32, #l1_rm_f32>, %c: tensor<2x2x64x4000xbf16, #l1_rm>, %d: tensor<3x50x84xf32, #rm_f32>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.softmax: success cb=346112 l1=16384 total=362496 out=16384 layouts=[#ttnn.layout<l1, interleaved, f32>]
  // BH: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=346112 l1=8192 total=354304 out=8192 layouts=[#ttnn.layout<l1, interleaved, f32>]
  %0 = ttnn.softmax %a {dimension = -1 : si32} : tensor<2x1x117x988xf32, #rm_f32> -> tensor<2x1x117x988xf32, #l1_rm_f32>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.softmax: success cb=346112 l1=16384 total=362496 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=346112 l1=8192 total=354304 out=0
  %1 = ttnn.softmax %b {dimension = 3 : si32} : tensor<2x1x117x988xf32, #l1_rm_f32> -> tensor<2x1x117x988xf32, #rm_f32>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.softmax: success cb=555008 l1=65536 total=620544 out=32768
  // BH: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=555008 l1=32768 total=587776 out=16384
  %2 = ttnn.softmax %c {dimension = -1 : si32} : tensor<2x2x64x4000xbf16, #l1_rm> -> tensor<2x2x64x4000xbf16, #l1_rm>
  // A rank-3 input over dimension 1: the general program over H.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=57344 l1=4096 total=61440 out=4096
  %3 = ttnn.softmax %d {dimension = -2 : si32} : tensor<3x50x84xf32, #rm_f32> -> tensor<3x50x84xf32, #l1_rm_f32>
  return
}

// Into height shards (tiled); a sharded row-major input's tilize is not
// modelled.
// CHECK-LABEL: op constraints of @shards
func.func @shards(%a: tensor<1x2x64x96xbf16, #l1_rm>, %b: tensor<1x2x64x96xbf16, #rm_hs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=38912 l1=8192 total=47104 out=6144
  %0 = ttnn.softmax %a {dimension = -1 : si32} : tensor<1x2x64x96xbf16, #l1_rm> -> tensor<1x2x64x96xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: not_implemented: ttnn.softmax: the tilize of a row-major sharded input
  %1 = ttnn.softmax %b {dimension = -1 : si32} : tensor<1x2x64x96xbf16, #rm_hs> -> tensor<1x2x64x96xbf16, #l1_rm>
  return
}
