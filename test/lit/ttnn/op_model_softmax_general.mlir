// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// softmax over a dimension other than the last: ttnn 0.81.1's general
// programs. The second-to-last keeps its column of Ht tiles ("small") while
// the allocator base plus those CBs stay within 512 KiB, else streams it
// ("large"); an outer dimension runs the C program, whatever the shape.
// Figures: mock-device measurements (Wormhole).

#dram = #ttnn.layout<dram, interleaved, bf16>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>

// CHECK-LABEL: op constraints of @column
func.func @column(%a: tensor<1024x64xbf16, #dram>, %b: tensor<1056x64xbf16, #dram>) {
  // Ht = 32: 32 x (2048 + 2048) + 3 x 2048 + 67 x 4096 = 411648 B, within
  // 512 KiB above the 104448 B base.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=411648 l1=0 total=411648 out=0
  %0 = ttnn.softmax %a {dimension = 0 : si32} : tensor<1024x64xbf16, #dram> -> tensor<1024x64xbf16, #dram>
  // Ht = 33 does not fit: 2 + 2 + 3 bf16 and 6 f32 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=38912 l1=0 total=38912 out=0
  %1 = ttnn.softmax %b {dimension = 0 : si32} : tensor<1056x64xbf16, #dram> -> tensor<1056x64xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @outer
func.func @outer(%a: tensor<2x3x64x96xf32, #dram_f32>) {
  // 5 f32 tensor tiles and 5 f32 tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.softmax: success cb=40960 l1=0 total=40960 out=0
  %0 = ttnn.softmax %a {dimension = 0 : si32} : tensor<2x3x64x96xf32, #dram_f32> -> tensor<2x3x64x96xf32, #dram_f32>
  return
}
