// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A reduction of outer dimensions alone of row-major shards that are not whole tiles: ttnn 0.81.1
// ran a min of 3x3x640x256 over dim 0 from 90x256 height shards (cb=32768 l1=0, both mock
// devices; fresh draw seed 604913377), without the tilize into the shards that fails for inner
// reductions: not modelled there; an inner reduction of the same shards is still rejected.

#hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 90x256>
#dram = #ttnn.layout<row_major, dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @outer
func.func @outer(%x: tensor<3x3x640x256xbf16, #hs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: not_implemented: {{.*}}a reduction of outer dimensions (alone, or a sum
  %0 = ttnn.min %x {dim_arg = array<i64: 0>, keep_dim = true} : tensor<3x3x640x256xbf16, #hs> -> tensor<1x3x640x256xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @inner
func.func @inner(%x: tensor<3x3x640x256xbf16, #hs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: backend_error: {{.*}}are not whole tiles
  %0 = ttnn.min %x {dim_arg = array<i64: -1>, keep_dim = true} : tensor<3x3x640x256xbf16, #hs> -> tensor<3x3x640x1xbf16, #dram>
  return
}

// A bf16 sum over outer dimensions too runs fast_reduce_nc, whose tilize writes where the result goes:
// ttnn ran a sum of 1x2x108x64 over every dimension from 27x16 block shards (cb=16384, fresh draw
// seed 629915318, both devices): not modelled; a max of it fails the tilize into the shards.
#bs = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 8x4, shard = 27x16>

// CHECK-LABEL: op constraints of @fast_nc_sum
func.func @fast_nc_sum(%x: tensor<1x2x108x64xbf16, #bs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: not_implemented: {{.*}}a reduction of outer dimensions (alone, or a sum's fast_reduce_nc)
  %0 = ttnn.sum %x {keep_dim = true} : tensor<1x2x108x64xbf16, #bs> -> tensor<1x1x1x1xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: backend_error: {{.*}}are not whole tiles
  %1 = ttnn.max %x {keep_dim = true} : tensor<1x2x108x64xbf16, #bs> -> tensor<1x1x1x1xbf16, #dram>
  return
}
