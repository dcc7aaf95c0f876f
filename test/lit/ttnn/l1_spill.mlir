// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-l1-spill-management{l1-usage-cap=1.0}))' --mlir-print-op-on-diagnostic=false | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-l1-spill-management))' --mlir-print-op-on-diagnostic=false | FileCheck %s --check-prefix=CEIL
// Matmul outputs stay live in L1 until their uses at the end; each program's
// 786432 B of circular buffers must not reach a live tensor. Live outputs
// are spilled to DRAM, furthest next use first. With l1-usage-cap=1 only the
// mock allocator decides (CHECK); with the default ceiling (0.95 of usable L1,
// 1390769 B) the fifth matmul already spills: 4 live outputs of 131072 B plus
// its 786432 B of CBs and 131072 B output are 1441792 B (CEIL).

#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: func.func @spill
func.func @spill(%a: tensor<2048x1024xbf16, #dram>, %b: tensor<1024x2048xbf16, #dram>) -> tensor<2048x2048xbf16, #l1> {
  // CHECK: %[[M0:.*]] = ttnn.matmul
  // CHECK: %[[M1:.*]] = ttnn.matmul
  // CHECK: %[[M2:.*]] = ttnn.matmul
  // CHECK: %[[M3:.*]] = ttnn.matmul
  // CHECK: %[[M4:.*]] = ttnn.matmul
  // The sixth output would start below the CB range: %m0 (used last) goes to DRAM.
  // CHECK-NEXT: %[[S0:.*]] = ttnn.to_memory_config %[[M0]] : tensor<2048x2048xbf16, #[[L1:layout[0-9]*]]> -> tensor<2048x2048xbf16, #[[DRAM:layout[0-9]*]]>
  // CHECK-NEXT: ttnn.deallocate %[[M0]]
  // CHECK-NEXT: %[[M5:.*]] = ttnn.matmul
  // CEIL: %[[M0:.*]] = ttnn.matmul
  // CEIL: %[[M1:.*]] = ttnn.matmul
  // CEIL: %[[M2:.*]] = ttnn.matmul
  // CEIL: %[[M3:.*]] = ttnn.matmul
  // CEIL-NEXT: %[[S0:.*]] = ttnn.to_memory_config %[[M0]]
  // CEIL-NEXT: ttnn.deallocate %[[M0]]
  // CEIL-NEXT: %[[M4:.*]] = ttnn.matmul
  // CEIL-NEXT: %[[S1:.*]] = ttnn.to_memory_config %[[M1]]
  // CEIL-NEXT: ttnn.deallocate %[[M1]]
  // CEIL-NEXT: %[[M5:.*]] = ttnn.matmul
  // CEIL: ttnn.add %{{.*}}, %[[S1]]
  // CEIL: ttnn.add %{{.*}}, %[[S0]]
  %m0 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #dram>, tensor<1024x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  %m1 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #dram>, tensor<1024x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  %m2 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #dram>, tensor<1024x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  %m3 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #dram>, tensor<1024x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  %m4 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #dram>, tensor<1024x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  %m5 = ttnn.matmul %a, %b : tensor<2048x1024xbf16, #dram>, tensor<1024x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  // CHECK: ttnn.add %[[M5]], %[[M4]]
  %s0 = ttnn.add %m5, %m4 : tensor<2048x2048xbf16, #l1>, tensor<2048x2048xbf16, #l1> -> tensor<2048x2048xbf16, #l1>
  %s1 = ttnn.add %s0, %m3 : tensor<2048x2048xbf16, #l1>, tensor<2048x2048xbf16, #l1> -> tensor<2048x2048xbf16, #l1>
  %s2 = ttnn.add %s1, %m2 : tensor<2048x2048xbf16, #l1>, tensor<2048x2048xbf16, #l1> -> tensor<2048x2048xbf16, #l1>
  %s3 = ttnn.add %s2, %m1 : tensor<2048x2048xbf16, #l1>, tensor<2048x2048xbf16, #l1> -> tensor<2048x2048xbf16, #l1>
  // The last use reads the DRAM copy.
  // CHECK: ttnn.add %{{.*}}, %[[S0]] : tensor<2048x2048xbf16, #[[L1]]>, tensor<2048x2048xbf16, #[[DRAM]]>
  %s4 = ttnn.add %s3, %m0 : tensor<2048x2048xbf16, #l1>, tensor<2048x2048xbf16, #l1> -> tensor<2048x2048xbf16, #l1>
  return %s4 : tensor<2048x2048xbf16, #l1>
}

// CHECK-LABEL: func.func @fits
func.func @fits(%a: tensor<64x1024xbf16, #l1>) -> tensor<64x1024xbf16, #l1> {
  // CHECK-NOT: to_memory_config
  %0 = ttnn.relu %a : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  %1 = ttnn.exp %0 : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  return %1 : tensor<64x1024xbf16, #l1>
}
