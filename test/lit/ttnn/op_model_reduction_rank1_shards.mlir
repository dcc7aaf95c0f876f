// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A rank-1 reduction into shards runs other CBs than its 2-D view's: a mean of 142 f32 in
// and into a 32x160 height shard took cb=45056 in ttnn 0.81.1 (both mock devices; l1=4096
// total=49152 out=4096) where the model gave 24576 (fresh draw seed 812079109): not_implemented (from shards into an interleaved output the
// 2-D view holds: calibration's max of 480 bfp8_b).

#hs = #ttnn.layout<l1, height_sharded, f32, grid = 1x1, shard = 32x160>

// CHECK-LABEL: op constraints of @rank1
func.func @rank1(%x: tensor<142xf32, #hs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: not_implemented: {{.*}}a rank-1 reduction into shards is not modelled
  %0 = ttnn.mean %x {dim_arg = array<i64: -1>, keep_dim = true} : tensor<142xf32, #hs> -> tensor<1xf32, #hs>
  return
}
