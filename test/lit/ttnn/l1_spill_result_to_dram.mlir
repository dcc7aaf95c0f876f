// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-l1-spill-management))' | FileCheck %s
// With nothing left to spill, an output that does not fit in L1 is placed in
// DRAM instead (8192x8192 bf16 = 1024 tiles = 2 MiB per bank).

#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-DAG: #[[DRAM:layout[0-9]*]] = #ttnn.layout<dram, interleaved, bf16>
// CHECK-LABEL: func.func @too_big
func.func @too_big(%a: tensor<64x64xbf16, #dram>) {
  // CHECK: ttnn.zeros : tensor<8192x8192xbf16, #[[DRAM]]>
  %0 = ttnn.zeros : tensor<8192x8192xbf16, #l1>
  // CHECK: ttnn.neg %{{.*}} : tensor<8192x8192xbf16, #[[DRAM]]> -> tensor<8192x8192xbf16, #[[DRAM]]>
  %1 = ttnn.neg %0 : tensor<8192x8192xbf16, #l1> -> tensor<8192x8192xbf16, #dram>
  return
}
