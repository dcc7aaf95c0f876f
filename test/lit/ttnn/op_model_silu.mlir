// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// ttnn.silu: the unary eltwise family (ttnn 0.81.1 UnaryDeviceOperation on the
// mock Wormhole device: input and output CBs of 2 pages, a sharded operand's
// CB is its shard); figures are the calibration harness's measured ones.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dramf32 = #ttnn.layout<dram, interleaved, f32>
#l1f32 = #ttnn.layout<l1, interleaved, f32>
#bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>

// CHECK-LABEL: op constraints of @silu_placements
// STATE-LABEL: op constraints of @silu_placements (stateful)
func.func @silu_placements(%a: tensor<64x1024xbf16, #l1>, %f: tensor<64x1024xf32, #dramf32>, %b: tensor<64x1024xbf16, #bfp8>, %s: tensor<28672x32xbf16, #hs>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.silu: success cb=8192 l1=2048 total=10240 out=2048 layouts=[#ttnn.layout<l1, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+1]]:{{.*}} ttnn.silu: success cb=8192 l1=2048 total=10240 out=2048 {{.*}} allocs=[l1@1497088+2048]
  %0 = ttnn.silu %a : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu: success cb=16384 l1=0 total=16384 out=0 {{.*}} runtime={{[1-9][0-9]*}}ns
  %1 = ttnn.silu %f : tensor<64x1024xf32, #dramf32> -> tensor<64x1024xf32, #dramf32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu: success cb=4352 l1=1088 total=5440 out=1088
  %2 = ttnn.silu %b : tensor<64x1024xbf16, #bfp8> -> tensor<64x1024xbf16, #bfp8>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu: success cb=0 l1=28672 total=28672 out=28672
  %3 = ttnn.silu %s : tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #hs>
  // A sharded input with an interleaved output: ttnn 0.81.1 streams the shard through the input's
  // and output's 2-page CBs.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu: success cb=8192 l1=28672 total=36864 out=28672
  %4 = ttnn.silu %s : tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #l1>
  return
}
