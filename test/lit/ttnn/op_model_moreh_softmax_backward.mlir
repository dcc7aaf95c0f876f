// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.moreh_softmax_backward: the program ttnn 0.81.1 picks by dim and size.
// The last dimension, small W: 3 Wt + 6 tiles in the output's format
// (Wt = 32 in bf16: 102 x 2048 = 208896 B); large W / H: 13 tiles; any
// other dimension, C: 10 tiles. Figures: the calibration harness's
// mock-device ones.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#bfp8 = #ttnn.layout<dram, interleaved, bfp8_b>
#f32 = #ttnn.layout<dram, interleaved, f32>

// CHECK-LABEL: op constraints of @small_w
func.func @small_w(%y: tensor<64x1024xbf16, #l1>, %q: tensor<64x1024xbf16, #bfp8>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.moreh_softmax_backward: success cb=208896 l1=2048 total=210944 out=2048 layouts=[#ttnn.layout<l1, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  %0 = ttnn.moreh_softmax_backward %y, %y {dim = 1 : i64} : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.moreh_softmax_backward: success cb=110976 l1=0 total=110976 out=0
  %1 = ttnn.moreh_softmax_backward %q, %q {dim = 1 : i64} : tensor<64x1024xbf16, #bfp8>, tensor<64x1024xbf16, #bfp8> -> tensor<64x1024xbf16, #bfp8>
  return
}

// The small/large switch: 3 Wt + 6 tiles against 512 KiB less the L1
// allocator's base. Wt = 66 in bf16 (417792 B) runs small on Wormhole, large
// on Blackhole.
// CHECK-LABEL: op constraints of @switch
// BH-LABEL: op constraints of @switch
func.func @switch(%a: tensor<32x2112xbf16, #dram>, %b: tensor<32x2144xbf16, #dram>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.moreh_softmax_backward: success cb=417792 l1=0 total=417792 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.moreh_softmax_backward: success cb=26624 l1=0 total=26624 out=0
  %0 = ttnn.moreh_softmax_backward %a, %a {dim = 1 : i64} : tensor<32x2112xbf16, #dram>, tensor<32x2112xbf16, #dram> -> tensor<32x2112xbf16, #dram>
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.moreh_softmax_backward: success cb=26624 l1=0 total=26624 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.moreh_softmax_backward: success cb=26624 l1=0 total=26624 out=0
  %1 = ttnn.moreh_softmax_backward %b, %b {dim = 1 : i64} : tensor<32x2144xbf16, #dram>, tensor<32x2144xbf16, #dram> -> tensor<32x2144xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @h_and_c
func.func @h_and_c(%y: tensor<64x1024xbf16, #l1>, %t: tensor<2x64x1024xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.moreh_softmax_backward: success cb=24576 l1=2048 total=26624 out=2048
  %0 = ttnn.moreh_softmax_backward %y, %y {dim = 0 : i64} : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.moreh_softmax_backward: success cb=20480 l1=0 total=20480 out=0
  %1 = ttnn.moreh_softmax_backward %t, %t {dim = 0 : i64} : tensor<2x64x1024xbf16, #dram>, tensor<2x64x1024xbf16, #dram> -> tensor<2x64x1024xbf16, #dram>
  return
}

// ttnn 0.81.1 takes bf16 and bfp8_b only, and writes the result in the
// output's data type.
// CHECK-LABEL: op constraints of @rejected
func.func @rejected(%f: tensor<64x1024xf32, #f32>, %y: tensor<64x1024xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.moreh_softmax_backward: backend_error: ttnn.moreh_softmax_backward: output dram interleaved f32 and output_grad dram interleaved f32 must be bf16 or bfp8_b
  %0 = ttnn.moreh_softmax_backward %f, %f {dim = 1 : i64} : tensor<64x1024xf32, #f32>, tensor<64x1024xf32, #f32> -> tensor<64x1024xf32, #f32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.moreh_softmax_backward: backend_error: ttnn.moreh_softmax_backward: the result dram interleaved bfp8_b must have the output's data type (dram interleaved bf16)
  %1 = ttnn.moreh_softmax_backward %y, %y {dim = 1 : i64} : tensor<64x1024xbf16, #dram>, tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #bfp8>
  return
}
