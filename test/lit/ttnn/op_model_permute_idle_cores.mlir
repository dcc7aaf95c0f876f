// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Shards that leave grid cores idle: ttnn 0.81.1 runs a transpose of 64x2x32x96 from height shards of 128
// rows on 32 of 64 cores (measured on both mock devices), on figures the model does not derive:
// not_implemented, not a rejection.

// CHECK-LABEL: op constraints of @idle_cores
func.func @idle_cores(%a: tensor<64x2x32x96xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 128x96>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: not_implemented: {{.*}}leaves cores of its grid idle
  %0 = ttnn.transpose %a {dim0 = 0 : si32, dim1 = 3 : si32} : tensor<64x2x32x96xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 128x96>> -> tensor<96x2x32x64xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}
