// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// concatenate_heads of sharded heads into a sharded output (ttnn 0.81.1, measured alike on both mock
// devices): ttnn keeps the output's memory layout but derives its shards from the input's (the input's
// grid, padded seq x heads_per_shard heads); both CBs are the tensors' buffers (cb 0).

#hs1 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 1024x128>
#hs4 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x4, shard = 256x64>
#hs5 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x5, shard = 256x32>
#hs2x4 = #ttnn.layout<l1, height_sharded, bf16, grid = 2x4, shard = 128x64>
#hs3 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x3, shard = 384x64>
#hs320 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 320x128>
#ws_in = #ttnn.layout<l1, width_sharded, bf16, grid = 1x2, shard = 1024x32>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 2x6, shard = 64x192>
#bs1 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x1, shard = 64x64>
#ws1 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x1, shard = 64x64>
#hs_out = #ttnn.layout<l1, height_sharded, bf16, grid = 2x6, shard = 64x192>
#f32_hs4 = #ttnn.layout<l1, height_sharded, f32, grid = 1x4, shard = 256x64>
#f32_ws1 = #ttnn.layout<l1, width_sharded, f32, grid = 1x1, shard = 64x64>
#rm_hs4 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x4, shard = 256x64>
#ws8 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x8, shard = 128x64>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @derived
func.func @derived(%a: tensor<1x8x108x128xbf16, #hs1>, %b: tensor<1x16x64x32xbf16, #hs5>,
                   %c: tensor<1x8x128x64xf32, #f32_hs4>, %d: tensor<1x8x100x64xbf16, #hs2x4>) {
  // 8 heads a shard: one 128x1024 block shard on the input's core, not the asked 2x6 grid.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: success cb=0 l1=262144 total=262144 out=262144
  %0 = ttnn.concatenate_heads %a : tensor<1x8x108x128xbf16, #hs1> -> tensor<1x108x1024xbf16, #bs>
  // 4 heads a shard: 64x128 width shards on 4 of the 5 cores.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: success cb=0 l1=16384 total=16384 out=16384
  %1 = ttnn.concatenate_heads %b : tensor<1x16x64x32xbf16, #hs5> -> tensor<1x64x512xbf16, #ws1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: success cb=0 l1=65536 total=65536 out=65536
  %2 = ttnn.concatenate_heads %c : tensor<1x8x128x64xf32, #f32_hs4> -> tensor<1x128x512xf32, #f32_ws1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: success cb=0 l1=16384 total=16384 out=16384
  %3 = ttnn.concatenate_heads %d : tensor<1x8x100x64xbf16, #hs2x4> -> tensor<1x100x512xbf16, #ws1>
  return
}

// CHECK-LABEL: op constraints of @rejected
func.func @rejected(%a: tensor<1x8x108x128xbf16, #hs1>, %d: tensor<1x8x100x64xbf16, #hs2x4>,
                    %e: tensor<1x8x128x64xbf16, #hs3>, %f: tensor<1x4x128x128xbf16, #hs320>,
                    %g: tensor<1x8x128x64xbf16, #ws_in>, %h: tensor<1x8x128x64xbf16, #rm_hs4>,
                    %i: tensor<1x8x128x64xbf16, #dram>) {
  // A height-sharded output (nlp_concat_heads_device_operation.cpp:51).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: backend_error: {{.*}}writes sharded heads width or block sharded
  %0 = ttnn.concatenate_heads %a : tensor<1x8x108x128xbf16, #hs1> -> tensor<1x108x1024xbf16, #hs_out>
  // The derived 128x64 block shards do not fit the input's 2x4 grid (tensor_spec.cpp:173).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: backend_error: {{.*}}does not shard
  %1 = ttnn.concatenate_heads %d : tensor<1x8x100x64xbf16, #hs2x4> -> tensor<1x100x512xbf16, #bs1>
  // 3 heads a shard do not divide 8 (nlp_concat_heads_device_operation.cpp:47).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: backend_error: {{.*}}3 heads a shard do not divide 8 heads
  %2 = ttnn.concatenate_heads %e : tensor<1x8x128x64xbf16, #hs3> -> tensor<1x128x512xbf16, #bs1>
  // A shard of 2.5 heads.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: backend_error: {{.*}}does not hold whole heads
  %3 = ttnn.concatenate_heads %f : tensor<1x4x128x128xbf16, #hs320> -> tensor<1x128x512xbf16, #ws1>
  // Width-sharded heads (nlp_concat_heads_device_operation.cpp:30).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: backend_error: {{.*}}takes height or block sharded heads
  %4 = ttnn.concatenate_heads %g : tensor<1x8x128x64xbf16, #ws_in> -> tensor<1x128x512xbf16, #bs1>
  // Row-major heads, sharded or not (nlp_concat_heads_device_operation.cpp:24).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: backend_error: {{.*}}concatenates tiled heads only
  %5 = ttnn.concatenate_heads %h : tensor<1x8x128x64xbf16, #rm_hs4> -> tensor<1x128x512xbf16, #dram>
  // An interleaved input has no shards to derive the output's from.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: backend_error: {{.*}}derives sharded outputs from the input's shards
  %6 = ttnn.concatenate_heads %i : tensor<1x8x128x64xbf16, #dram> -> tensor<1x128x512xbf16, #ws8>
  return
}
