// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.repeat of row-major width shards whose rows are padded to whole shards, which ttnn 0.81.1
// repeats natively: it first views the input collapsed around the repeated dimension (repeat.cpp),
// and that view TT_FATALs on such shards (tensor_ops.cpp:380) unless it is the input's own shape
// (a 4-D tensor repeated along dim 1), where the native program runs (not modelled). Measured on
// both mock devices (edge draw seed 782771688 repeat #7 was a wrong rejection).

#ws = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 6x2, shard = 642x33>
#dram = #ttnn.layout<row_major, dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @views
func.func @views(%a: tensor<3x2x107x391xbf16, #ws>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: not_implemented: {{.*}}natively, which is not modelled
  %0 = ttnn.repeat %a {repeats = array<i64: 1, 3, 1, 1>} : tensor<3x2x107x391xbf16, #ws> -> tensor<3x6x107x391xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: backend_error: {{.*}}views it with rows padded to whole shards (TT_FATAL
  %1 = ttnn.repeat %a {repeats = array<i64: 3, 1, 1, 1>} : tensor<3x2x107x391xbf16, #ws> -> tensor<9x2x107x391xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: backend_error: {{.*}}views it with rows padded to whole shards (TT_FATAL
  %2 = ttnn.repeat %a {repeats = array<i64: 1, 1, 2, 1>} : tensor<3x2x107x391xbf16, #ws> -> tensor<3x2x214x391xbf16, #dram>
  return
}
