// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn 0.81.1's silu_bw takes a grad that broadcasts to x's shape (its
// binary_ng steps broadcast; the result is x's shape, leading 1s aside): the
// temporaries have x's shape, grad * sigmoid(x) reads grad broadcast (a row
// or column broadcast adds binary_ng's 2-page CB of the broadcast tiles).
// Figures: mock-device measurements, both devices.

#dram = #ttnn.layout<dram, interleaved, bfp8_b>
#l1 = #ttnn.layout<l1, interleaved, bfp8_b>
#dram_bf16 = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @leading_ones
func.func @leading_ones(%g: tensor<1x2x64x32xbf16, #dram>, %x: tensor<2x64x32xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu_bw: success cb=11840 l1=6528 total=13056 out=1088
  %0 = ttnn.silu_bw %g, %x : tensor<1x2x64x32xbf16, #dram>, tensor<2x64x32xbf16, #dram> -> tensor<1x2x64x32xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @grad_broadcast
func.func @grad_broadcast(%b: tensor<64x32xbf16, #dram>, %x: tensor<3x64x32xbf16, #dram>, %r: tensor<1x32xbf16, #dram>, %y: tensor<64x32xbf16, #dram>, %rb: tensor<1x32xbf16, #dram_bf16>, %yb: tensor<64x32xbf16, #dram_bf16>) {
  // A batch broadcast adds no CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu_bw: success cb=11840 l1=6528 total=13056 out=1088
  %0 = ttnn.silu_bw %b, %x : tensor<64x32xbf16, #dram>, tensor<3x64x32xbf16, #dram> -> tensor<3x64x32xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu_bw: success cb=13056 l1=6528 total=13056 out=1088
  %1 = ttnn.silu_bw %r, %y : tensor<1x32xbf16, #dram>, tensor<64x32xbf16, #dram> -> tensor<64x32xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu_bw: success cb=24576 l1=0 total=16384 out=0
  %2 = ttnn.silu_bw %rb, %yb : tensor<1x32xbf16, #dram_bf16>, tensor<64x32xbf16, #dram_bf16> -> tensor<64x32xbf16, #dram_bf16>
  return
}
