// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// ttnn.gelu_bw: ttnn 0.81.1's UnaryBackward program, a 2-page CB per operand
// (grad, input) and for the output; a sharded operand's CB is its shard.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dramf32 = #ttnn.layout<dram, interleaved, f32>
#l1f32 = #ttnn.layout<l1, interleaved, f32>
#bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>
#drambfp8 = #ttnn.layout<dram, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @gelu_bw
// STATE-LABEL: op constraints of @gelu_bw (stateful)
func.func @gelu_bw(%g: tensor<64x1024xbf16, #l1>, %x: tensor<64x1024xbf16, #dram>, %f: tensor<64x1024xf32, #dramf32>, %s: tensor<28672x32xbf16, #hs>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.gelu_bw: success cb=12288 l1=2048 total=14336 out=2048 {{.*}} runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+1]]:{{.*}} ttnn.gelu_bw: success cb=12288 l1=2048 total=14336 out=2048 {{.*}} allocs=[l1@1497088+2048]
  %0 = ttnn.gelu_bw %g, %g : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // Mixed L1 / DRAM operands, DRAM output.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.gelu_bw: success cb=12288 l1=0 total=12288 out=0
  %1 = ttnn.gelu_bw %g, %x : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.gelu_bw: success cb=24576 l1=0 total=24576 out=0
  %2 = ttnn.gelu_bw %f, %f : tensor<64x1024xf32, #dramf32>, tensor<64x1024xf32, #dramf32> -> tensor<64x1024xf32, #dramf32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.gelu_bw: success cb=0 l1=28672 total=28672 out=28672
  %3 = ttnn.gelu_bw %s, %s : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #hs>
  return
}
