// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A concat along a padded dimension of batched width shards runs in ttnn 0.81.1 (its untilize
// with unpadding writes width shards; only block shards TT_FATAL on a batched input): measured on
// both mock devices for 2x50x64 and 3x50x64 along H and 1x3x193x168 bf16 / bfp8_b (fresh stress
// draw seed 221974020, concat #3, which the model had rejected). Its programs are not modelled.

#ws2 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 128x32>
#ws6b = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 6x1, shard = 672x32>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#l1b = #ttnn.layout<l1, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @batched_width_shards
func.func @batched_width_shards(%a: tensor<2x50x64xbf16, #ws2>, %b: tensor<1x3x193x168xbf16, #ws6b>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: not_implemented: {{.*}}a concat dimension that is not a tile multiple is not modelled
  %0 = ttnn.concat %a, %a {dim = -2 : si32} : tensor<2x50x64xbf16, #ws2>, tensor<2x50x64xbf16, #ws2> -> tensor<2x100x64xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: not_implemented: {{.*}}a concat dimension that is not a tile multiple is not modelled
  %1 = ttnn.concat %b, %b, %b {dim = 2 : si32} : tensor<1x3x193x168xbf16, #ws6b>, tensor<1x3x193x168xbf16, #ws6b>, tensor<1x3x193x168xbf16, #ws6b> -> tensor<1x3x579x168xbf16, #l1b>
  return
}
