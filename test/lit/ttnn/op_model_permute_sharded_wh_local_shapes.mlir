// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn 0.81.1's sharded WH transpose (TransposeWHSharded: each core transposes its own shard, no CB)
// is chosen by the shard shapes, not the scheme (transpose_device_operation.cpp, use_sharded_wh):
// L1 height or width shards on one grid, both holding whole padded slices of full width, or one
// slice in full-width shards into full-height ones. Measured on both mock devices (edge draw seed
// 593810747 permute #35, a whole 320x224 bfp8_b tensor in one width shard, was answered with the
// interleaved program's CB); a batch into width shards runs the interleaved program.

#ws320 = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 1x1, shard = 320x224>
#ws224 = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 1x1, shard = 224x320>
#ws64 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x1, shard = 64x96>
#hs96 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 96x64>
#hsb = #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 64x96>
#hsb_t = #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 96x64>
#wsb_t = #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 192x32>

// CHECK-LABEL: op constraints of @local
func.func @local(%a: tensor<320x224xbf16, #ws320>, %b: tensor<64x96xbf16, #ws64>, %c: tensor<2x64x96xbf16, #hsb>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=0 l1=76160 total=76160 out=76160
  %0 = ttnn.permute %a {permutation = array<i64: 1, 0>} : tensor<320x224xbf16, #ws320> -> tensor<224x320xbf16, #ws224>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=0 l1=12288 total=12288 out=12288
  %1 = ttnn.permute %b {permutation = array<i64: 1, 0>} : tensor<64x96xbf16, #ws64> -> tensor<96x64xbf16, #hs96>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=0 l1=12288 total=12288 out=12288
  %2 = ttnn.permute %c {permutation = array<i64: 0, 2, 1>} : tensor<2x64x96xbf16, #hsb> -> tensor<2x96x64xbf16, #hsb_t>
  return
}

// CHECK-LABEL: op constraints of @interleaved_program
func.func @interleaved_program(%c: tensor<2x64x96xbf16, #hsb>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.permute: success cb=8192 l1=12288 total=20480 out=12288
  %0 = ttnn.permute %c {permutation = array<i64: 0, 2, 1>} : tensor<2x64x96xbf16, #hsb> -> tensor<2x96x64xbf16, #wsb_t>
  return
}
