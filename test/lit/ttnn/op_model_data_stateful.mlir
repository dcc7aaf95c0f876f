// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// The stateful query of permute, pad, embedding, argmax and reshape: each output is allocated top-down on the
// mock allocator below the previous ones (L1 ends at 1499136 on Wormhole), and the circular buffers are
// checked against the live tensors.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#ids = #ttnn.layout<row_major, dram, interleaved, u32>
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#idx_l1 = #ttnn.layout<row_major, l1, interleaved, u32>

// CHECK-LABEL: op constraints of @chain
func.func @chain(%a: tensor<2x3x64x128xbf16, #dram>, %i: tensor<2x64xui32, #ids>, %w: tensor<1000x256xbf16, #rm>, %r: tensor<64x1024xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=12288 l1=16384 total=28672 out=16384 {{.*}} allocs=[l1@1482752+16384]
  %0 = ttnn.permute %a {permutation = array<i64: 0, 2, 3, 1>} : tensor<2x3x64x128xbf16, #dram> -> tensor<2x64x128x3xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=4096 l1=2048 total=8192 out=2048 {{.*}} allocs=[l1@1480704+2048]
  %1 = ttnn.pad %a {padding = array<i64: 0, 0, 0, 1, 0, 0, 0, 0>} : tensor<2x3x64x128xbf16, #dram> -> tensor<2x4x64x128xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=65536 l1=2048 total=67712 out=2048 {{.*}} allocs=[l1@1478656+2048]
  %2 = ttnn.embedding %i, %w : tensor<2x64xui32, #ids>, tensor<1000x256xbf16, #rm> -> tensor<2x64x256xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.argmax: success cb=2048 l1=256 total=2560 out=256 {{.*}} allocs=[l1@1478400+256]
  %3 = ttnn.argmax %2 {dim = -1 : si32} : tensor<2x64x256xbf16, #l1> -> tensor<2x64xui32, #idx_l1>
  // The tiled program: its mapping tensor is in DRAM, only the output is allocated in L1.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=3072 l1=2048 total=7168 out=2048 {{.*}} allocs=[l1@1476352+2048]
  %4 = ttnn.reshape %r {shape = array<i64: 128, 512>} : tensor<64x1024xbf16, #dram> -> tensor<128x512xbf16, #l1>
  // A view of an L1 tensor: nothing allocated.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0 {{.*}} allocs=[]
  %5 = ttnn.reshape %4 {shape = array<i64: 4, 32, 512>} : tensor<128x512xbf16, #l1> -> tensor<4x32x512xbf16, #l1>
  return
}
