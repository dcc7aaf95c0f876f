// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-l1-spill-management))' --mlir-print-op-on-diagnostic=false | FileCheck %s --check-prefix=CEIL
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-l1-spill-management{l1-usage-cap=1.0}))' --mlir-print-op-on-diagnostic=false | FileCheck %s --check-prefix=ALLOC
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-l1-spill-management{l1-usage-cap=0.999}))' --mlir-print-op-on-diagnostic=false | FileCheck %s --check-prefix=ALLOC
// RUN: not ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-l1-spill-management{l1-usage-cap=1.5}))' --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BAD
// The tracker's byte ceiling, below the mock allocator's fit. Two tensors of
// 355 tiles per core (727040 B each) hold 99.3% of the 1463968 B of usable
// L1; with the relu's 8192 B of CBs they still fit the allocator (CBs end at
// 43360, the lower tensor starts at 45056), so with the ceiling at 1.0 (or
// 0.999: 1462504 B, above the 1462272 B of both tensors and the CBs) both
// stay in L1. With the default ceiling (0.95: 1390769
// B) the first one is spilled before the second is produced.

#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CEIL-LABEL: func.func @two_big
// ALLOC-LABEL: func.func @two_big
func.func @two_big(%a: tensor<11360x2048xbf16, #dram>) -> (tensor<11360x2048xbf16, #dram>, tensor<11360x2048xbf16, #dram>) {
  // CEIL: %[[X:.*]] = ttnn.relu %{{.*}} -> tensor<11360x2048xbf16, #[[L1:layout[0-9]*]]>
  // CEIL-NEXT: %[[S:.*]] = ttnn.to_memory_config %[[X]]
  // CEIL-NEXT: ttnn.deallocate %[[X]]
  // CEIL-NEXT: %[[Y:.*]] = ttnn.exp %{{.*}} -> tensor<11360x2048xbf16, #[[L1]]>
  // CEIL-NEXT: ttnn.neg %[[S]]
  // CEIL-NEXT: ttnn.neg %[[Y]]
  // ALLOC-NOT: to_memory_config
  // ALLOC-NOT: deallocate
  %x = ttnn.relu %a : tensor<11360x2048xbf16, #dram> -> tensor<11360x2048xbf16, #l1>
  %y = ttnn.exp %a : tensor<11360x2048xbf16, #dram> -> tensor<11360x2048xbf16, #l1>
  %p = ttnn.neg %x : tensor<11360x2048xbf16, #l1> -> tensor<11360x2048xbf16, #dram>
  %q = ttnn.neg %y : tensor<11360x2048xbf16, #l1> -> tensor<11360x2048xbf16, #dram>
  return %p, %q : tensor<11360x2048xbf16, #dram>, tensor<11360x2048xbf16, #dram>
}

// BAD: error: ttnn-l1-spill-management: l1-usage-cap must be in (0, 1] (0 takes the module's ttnn.l1_usage_cap), got 1.5
