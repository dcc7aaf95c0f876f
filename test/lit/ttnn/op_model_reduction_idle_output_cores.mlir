// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Reductions: ttnn 0.81.1 writes output shards that leave cores of their
// grid idle (11 height shards of 96 rows on a 5x3 grid), the W program's CBs
// unchanged. Figures: mock-device measurements (both devices alike).

#dram = #ttnn.layout<dram, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 5x3, shard = 96x32>

// CHECK-LABEL: op constraints of @idle_output_cores
func.func @idle_output_cores(%a: tensor<4x4x64x736xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=22528 l1=6144 total=28672 out=6144
  %0 = ttnn.min %a {dim_arg = array<i64: -1>, keep_dim = true} : tensor<4x4x64x736xbf16, #dram> -> tensor<4x4x64x1xbf16, #hs>
  return
}
