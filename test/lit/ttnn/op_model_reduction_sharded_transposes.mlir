// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// Sharded outputs of reductions over several programs without fast_reduce_nc (ttnn 0.81.1, both mock
// devices, the same figures): each W / H result in the shards ttnn derives for it, each transpose of
// an outer dimension in the output's shards as given, the result reshaped or viewed last. The given
// shards need not hold the final result. A bfp8_b min over several dimensions runs its negating
// programs; anything after fast_reduce_nc stays not_implemented; an H program into shards does
// not split.

#l1_32 = #ttnn.layout<l1, interleaved, f32>
#l1_b = #ttnn.layout<l1, interleaved, bfp8_b>
#hs = #ttnn.layout<l1, height_sharded, f32, grid = 1x1, shard = 32x32>
#bs = #ttnn.layout<l1, block_sharded, f32, grid = 1x1, shard = 32x128>
#bs_b = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x1, shard = 192x128>
#ws = #ttnn.layout<l1, width_sharded, bf16, grid = 1x1, shard = 32x32>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @transposes
func.func @transposes(%a: tensor<2x100x200xf32, #l1_32>, %b: tensor<3x160x64xf32, #l1_32>, %c: tensor<5x1x45x200xbf16, #l1_b>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=45056 l1=40960 total=86016 out=4096
  %0 = ttnn.min %a {dim_arg = array<i64: 0, 1, 2>, keep_dim = true} : tensor<2x100x200xf32, #l1_32> -> tensor<1x1x1xf32, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=20480 l1=40960 total=61440 out=16384
  %1 = ttnn.min %b {dim_arg = array<i64: 0, 1>, keep_dim = false} : tensor<3x160x64xf32, #l1_32> -> tensor<64xf32, #bs>
  // The interleaved L1 temporaries' pages per bank differ by device.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.max: success cb=12928 l1=152704 total=158976 out=26112
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=12928 l1=151616 total=157888 out=26112
  %2 = ttnn.max %c {keep_dim = true} : tensor<5x1x45x200xbf16, #l1_b> -> tensor<1x1x1x1xbf16, #bs_b>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.min: success cb=15104 l1=152704 total=158976 out=26112
  // BH: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=15104 l1=151616 total=157888 out=26112
  %3 = ttnn.min %c {keep_dim = true} : tensor<5x1x45x200xbf16, #l1_b> -> tensor<1x1x1x1xbf16, #bs_b>
  return
}

// 700 rows into shards: one H program, not the split one (max of 700x128).
// CHECK-LABEL: op constraints of @tall_into_shards
func.func @tall_into_shards(%a: tensor<700x128xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=10240 l1=8192 total=18432 out=8192
  %0 = ttnn.max %a {dim_arg = array<i64: 0>, keep_dim = false} : tensor<700x128xbf16, #dram> -> tensor<128xbf16, #ws>
  return
}
