// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A slice through row-major data into one block shard that holds the input's rows but not its
// width: ttnn 0.81.1 ran 2x96x586 bfp8_b [.., 550:562] into a 192x32 shard (fresh draw seed
// 264891115, slice #13, which the model had rejected) and failed 64x586 bf16 into a 64x32 one:
// not modelled. One-core width shards of it fail (shard_grid_fit_error; both mock devices).

#l1b = #ttnn.layout<l1, interleaved, bfp8_b>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#bs = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x1, shard = 192x32>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x1, shard = 64x32>

// CHECK-LABEL: op constraints of @one_block_shard
func.func @one_block_shard(%a: tensor<2x96x586xbf16, #l1b>, %b: tensor<64x586xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: not_implemented: {{.*}}(one block shard it overflows) is not modelled
  %0 = ttnn.slice %a {begins = array<i64: 0, 0, 550>, ends = array<i64: 2, 96, 562>, step = array<i64: 1, 1, 1>} : tensor<2x96x586xbf16, #l1b> -> tensor<2x96x12xbf16, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: {{.*}}(shards that cannot hold the input), which cannot hold it (TT_FATAL)
  %1 = ttnn.slice %b {begins = array<i64: 0, 100>, ends = array<i64: 64, 112>, step = array<i64: 1, 1>} : tensor<64x586xbf16, #l1> -> tensor<64x12xbf16, #ws>
  return
}

// From block shards into one block shard that holds neither the rows nor the width: ttnn ran it
// (stress draw seed 284182979, slice #15, which the model had rejected).
#bs4 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x4, shard = 96x224>
#bs1 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x1, shard = 32x96>

// CHECK-LABEL: op constraints of @from_block_shards
func.func @from_block_shards(%a: tensor<1x1x96x863xbf16, #bs4>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: not_implemented: {{.*}}(one block shard it overflows) is not modelled
  %0 = ttnn.slice %a {begins = array<i64: 0, 0, 57, 640>, ends = array<i64: 1, 1, 77, 736>, step = array<i64: 1, 1, 1, 1>} : tensor<1x1x96x863xbf16, #bs4> -> tensor<1x1x20x96xbf16, #bs1>
  return
}
