// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// The stateful query threads a live set that starts engaged and empty:
// the first op already allocates, later ops are placed below live tensors
// (top-down), and deallocate frees its operand's range for reuse.
// Wormhole L1: 1499136 B per bank, tensors from the top.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @chain (stateful)
func.func @chain(%a: tensor<64x1024xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=8192 l1=2048 total=10240 out=2048 {{.*}} allocs=[l1@1497088+2048]
  %0 = ttnn.relu %a : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.exp: success {{.*}} allocs=[l1@1495040+2048]
  %1 = ttnn.exp %0 : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // DRAM outputs are allocated bottom-up in DRAM.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success {{.*}} allocs=[dram@0+12288]
  %2 = ttnn.add %0, %1 : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.deallocate: success {{.*}} allocs=[]
  ttnn.deallocate %0 : tensor<64x1024xbf16, #l1>
  // The freed top range is reused.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.neg: success {{.*}} allocs=[l1@1497088+2048]
  %3 = ttnn.neg %1 : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @cb_clash (stateful)
func.func @cb_clash(%a: tensor<2048x1024xbf16, #dram>, %b: tensor<1024x2048xbf16, #dram>) {
  // Each output is 131072 B per bank, placed top-down below the previous one.
  // The circular buffers (786432 B from the reserved base 35168) end at
  // 821600: the sixth output would start at 712704, below that - a clash.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success {{.*}} allocs=[l1@1368064+131072]
  %m0 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #dram>, tensor<1024x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success {{.*}} allocs=[l1@1236992+131072]
  %m1 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #dram>, tensor<1024x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success {{.*}} allocs=[l1@1105920+131072]
  %m2 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #dram>, tensor<1024x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success {{.*}} allocs=[l1@974848+131072]
  %m3 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #dram>, tensor<1024x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success {{.*}} allocs=[l1@843776+131072]
  %m4 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #dram>, tensor<1024x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: out_of_memory: ttnn.matmul: circular buffers [35168, 821600) clash with the L1 buffer l1 [712704, 843776)
  %m5 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #dram>, tensor<1024x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  return
}
