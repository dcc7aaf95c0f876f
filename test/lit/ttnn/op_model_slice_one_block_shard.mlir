// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A slice through row-major data into one block shard narrower than the input: ttnn 0.81.1
// untilizes the padded input into a shard it derives (192x608 bf16 here), slices into the asked
// 192x32 shard and reshards the view of the 12-element rows (fresh draw seed 264891115, slice #13;
// measured on both mock devices). A width shard wider than the sliced rows fails the view.

#l1b = #ttnn.layout<l1, interleaved, bfp8_b>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#bs = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x1, shard = 192x32>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x1, shard = 64x32>

// CHECK-LABEL: op constraints of @one_block_shard
func.func @one_block_shard(%a: tensor<2x96x586xbf16, #l1b>, %b: tensor<64x586xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=59584 l1=270336 total=305344 out=12288
  %0 = ttnn.slice %a {begins = array<i64: 0, 0, 550>, ends = array<i64: 2, 96, 562>, step = array<i64: 1, 1, 1>} : tensor<2x96x586xbf16, #l1b> -> tensor<2x96x12xbf16, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: ttnn.slice: ttnn views the sliced rows of 12 elements in {{.*}}width_sharded{{.*}}(TT_FATAL)
  %1 = ttnn.slice %b {begins = array<i64: 0, 100>, ends = array<i64: 64, 112>, step = array<i64: 1, 1>} : tensor<64x586xbf16, #l1> -> tensor<64x12xbf16, #ws>
  return
}

// From block shards of a padded input into one block shard that holds neither the rows nor the
// width: ttnn untilizes into block shards it derives from the input's (96x224 on the input's grid;
// stress draw seed 284182979, slice #15; both devices).
#bs4 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x4, shard = 96x224>
#bs1 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x1, shard = 32x96>

// CHECK-LABEL: op constraints of @from_block_shards
func.func @from_block_shards(%a: tensor<1x1x96x863xbf16, #bs4>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=86016 l1=55296 total=135168 out=6144
  %0 = ttnn.slice %a {begins = array<i64: 0, 0, 57, 640>, ends = array<i64: 1, 1, 77, 736>, step = array<i64: 1, 1, 1, 1>} : tensor<1x1x96x863xbf16, #bs4> -> tensor<1x1x20x96xbf16, #bs1>
  return
}
