// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn 0.81.1 tilizes a rank-1 tensor through a 2-D view and reshapes the tiled result back; into
// width or block shards that reshape TT_FATALs (tensor_ops.cpp:380) when the length is not a tile
// multiple and no one shard spans the padded row; otherwise the 2-D view's tilize runs. Figures:
// both mock devices (the same on both).

#l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#l1f = #ttnn.layout<row_major, l1, interleaved, f32>
#dram = #ttnn.layout<row_major, dram, interleaved, bf16>
#dramf = #ttnn.layout<row_major, dram, interleaved, f32>
#bs4 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x4, shard = 32x192>
#ws4 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x4, shard = 32x192>
#ws704 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x1, shard = 32x704>
#bs672 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x1, shard = 32x672>
#ws128f = #ttnn.layout<l1, width_sharded, f32, grid = 1x1, shard = 32x128>
#ws736f = #ttnn.layout<l1, width_sharded, f32, grid = 1x1, shard = 32x736>
#ws4f = #ttnn.layout<l1, width_sharded, f32, grid = 1x4, shard = 32x192>
#bs704 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x1, shard = 32x704>
#ws8f = #ttnn.layout<l1, width_sharded, f32, grid = 1x8, shard = 32x128>

// CHECK-LABEL: op constraints of @rank1_tilize
func.func @rank1_tilize(%a: tensor<672xbf16, #l1>, %b: tensor<672xbf16, #dram>, %c: tensor<100xf32, #l1f>, %d: tensor<734xf32, #l1f>, %e: tensor<700xbf16, #dram>, %g: tensor<1024xf32, #dramf>) {
  // A tile-multiple length: any shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=86016 l1=12288 total=98304 out=12288
  %0 = ttnn.to_layout %a : tensor<672xbf16, #l1> -> tensor<672xbf16, #bs4>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=86016 l1=12288 total=98304 out=12288
  %1 = ttnn.to_layout %a : tensor<672xbf16, #l1> -> tensor<672xbf16, #ws4>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=86016 l1=43008 total=129024 out=43008
  %3 = ttnn.to_layout %b : tensor<672xbf16, #dram> -> tensor<672xbf16, #bs672>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=262144 l1=16384 total=278528 out=16384
  %8 = ttnn.to_layout %g : tensor<1024xf32, #dramf> -> tensor<1024xf32, #ws8f>
  // Partial tiles: one shard spanning the padded row runs, narrower ones fail.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=32768 l1=16384 total=49152 out=16384
  %4 = ttnn.to_layout %c : tensor<100xf32, #l1f> -> tensor<100xf32, #ws128f>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=188416 l1=94208 total=282624 out=94208
  %5 = ttnn.to_layout %d : tensor<734xf32, #l1f> -> tensor<734xf32, #ws736f>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=90112 l1=45056 total=135168 out=45056
  %7 = ttnn.to_layout %e : tensor<700xbf16, #dram> -> tensor<700xbf16, #bs704>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: backend_error: ttnn.to_layout: ttnn views the tilized 734 elements in {{.*}}shards narrower than the padded row (TT_FATAL)
  %6 = ttnn.to_layout %d : tensor<734xf32, #l1f> -> tensor<734xf32, #ws4f>
  return
}
