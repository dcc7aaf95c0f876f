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
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: not_implemented: {{.*}}a reduction of outer dimensions alone of row-major shards
  %0 = ttnn.min %x {dim_arg = array<i64: 0>, keep_dim = true} : tensor<3x3x640x256xbf16, #hs> -> tensor<1x3x640x256xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @inner
func.func @inner(%x: tensor<3x3x640x256xbf16, #hs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: backend_error: {{.*}}are not whole tiles
  %0 = ttnn.min %x {dim_arg = array<i64: -1>, keep_dim = true} : tensor<3x3x640x256xbf16, #hs> -> tensor<3x3x640x1xbf16, #dram>
  return
}
