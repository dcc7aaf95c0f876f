// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.generic (a compiled TTL operation): circular buffers from its DFBs
// (block bytes x block count, summed per core, the largest core's sum),
// outputs placed by their layout like any op's, runtime by the shared
// roofline from the bytes its copies move and its tile math.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#all = #ttnn.core_range<(0, 0), (1, 1)>

// Three !ttl.dfb<1x1xbf16, 2> on every core: 3 x 2 x 2048 = 12288 B. A
// 128x128 bf16 output (16 tiles) interleaved over 64 L1 banks: 2048 B. DRAM
// traffic 3 x 16 x 2048 B / 288 B/ns = 342 ns; tile math 16 x 32 cycles on 4
// cores = 128 ns; + 2000 ns launch.
// CHECK-LABEL: op constraints of @tile_add
func.func @tile_add(%a: tensor<128x128xbf16, #dram>, %b: tensor<128x128xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.generic: success cb=12288 l1=0 total=12288 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime=2342ns
  %0 = ttnn.generic %a, %b {operation_id = "tile_add:1", grid = array<i64: 2, 2>,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "tile_add:1">, cores = [#all]>,
                 #ttnn.kernel<#ttl.kernel<data_movement, "data_movement", "tile_add:1">, cores = [#all]>,
                 #ttnn.kernel<#ttl.kernel<data_movement, "writer", "tile_add:1">, cores = [#all]>],
      dataflow_buffers = [#ttnn.dfb<"a_dfb", 0, !ttl.dfb<1x1xbf16, 2>, cores = [#all]>,
                          #ttnn.dfb<"b_dfb", 1, !ttl.dfb<1x1xbf16, 2>, cores = [#all]>,
                          #ttnn.dfb<"out_dfb", 2, !ttl.dfb<1x1xbf16, 2>, cores = [#all]>]}
      : (tensor<128x128xbf16, #dram>, tensor<128x128xbf16, #dram>) -> tensor<128x128xbf16, #dram>
  // The same program with its output in L1: 2048 B per bank. The NoC writes
  // 32768 B over 4 cores at 32 B/cycle (256 ns) and now bounds the roofline.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.generic: success cb=12288 l1=2048 total=14336 out=2048 layouts=[#ttnn.layout<l1, interleaved, bf16>] runtime=2256ns
  %1 = ttnn.generic %a, %b {operation_id = "tile_add:1", grid = array<i64: 2, 2>,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "tile_add:1">, cores = [#all]>],
      dataflow_buffers = [#ttnn.dfb<"a_dfb", 0, !ttl.dfb<1x1xbf16, 2>, cores = [#all]>,
                          #ttnn.dfb<"b_dfb", 1, !ttl.dfb<1x1xbf16, 2>, cores = [#all]>,
                          #ttnn.dfb<"out_dfb", 2, !ttl.dfb<1x1xbf16, 2>, cores = [#all]>]}
      : (tensor<128x128xbf16, #dram>, tensor<128x128xbf16, #dram>) -> tensor<128x128xbf16, #l1>
  // A tile-math count from the compiler replaces the one-per-output-tile
  // estimate: 4096 x 32 cycles on 4 cores = 32768 ns.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.generic: success cb=12288 l1=2048 total=14336 out=2048 {{.*}} runtime=34768ns
  %2 = ttnn.generic %a, %b {operation_id = "tile_add:1", grid = array<i64: 2, 2>, tile_ops = 4096 : i64,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "tile_add:1">, cores = [#all]>],
      dataflow_buffers = [#ttnn.dfb<"a_dfb", 0, !ttl.dfb<1x1xbf16, 2>, cores = [#all]>,
                          #ttnn.dfb<"b_dfb", 1, !ttl.dfb<1x1xbf16, 2>, cores = [#all]>,
                          #ttnn.dfb<"out_dfb", 2, !ttl.dfb<1x1xbf16, 2>, cores = [#all]>]}
      : (tensor<128x128xbf16, #dram>, tensor<128x128xbf16, #dram>) -> tensor<128x128xbf16, #l1>
  return
}

// Per core range: "left" (4 bf16 tiles, 8192 B) on cols 0-1, "right" (4 f32
// tiles, 16384 B) on cols 2-3, "shared" (a 2-block ring plus 4 reconfigured
// blocks of one bf16 tile: 6 x 2048 = 12288 B) on every core. The peak is the
// right half's 16384 + 12288 = 28672 B, not the sum of all three (36864 B).
// CHECK-LABEL: op constraints of @per_core_range
func.func @per_core_range(%a: tensor<64x128xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.generic: success cb=28672 l1=0 total=28672 out=0
  %0 = ttnn.generic %a {operation_id = "split:2", grid = array<i64: 4, 2>,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "split:2">, cores = [#ttnn.core_range<(0, 0), (1, 1)>]>,
                 #ttnn.kernel<#ttl.kernel<compute, "compute", "split:2">, cores = [#ttnn.core_range<(2, 0), (3, 1)>]>],
      dataflow_buffers = [#ttnn.dfb<"left", 0, !ttl.dfb<2x2xbf16, 1>, cores = [#ttnn.core_range<(0, 0), (1, 1)>]>,
                          #ttnn.dfb<"right", 1, !ttl.dfb<2x2xf32, 1>, cores = [#ttnn.core_range<(2, 0), (3, 1)>]>,
                          #ttnn.dfb<"shared", 2, !ttl.dfb<1x1xbf16, 2>, cores = [#ttnn.core_range<(0, 0), (3, 1)>], reconfigured_blocks = 4>]}
      : (tensor<64x128xbf16, #dram>) -> tensor<64x128xbf16, #dram>
  return
}

// A height-sharded output: its kernels address it through the sharded
// TensorAccessor, so it is placed as ttnn places a sharded buffer: one 32x128
// shard (4 bf16 tiles, 8192 B) per core, at one address in every L1 bank (the
// emulated device allocates it so, test/python/emu/test_sharded.py).
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 2x2, shard = 32x128>
// CHECK-LABEL: op constraints of @sharded_output
func.func @sharded_output(%a: tensor<128x128xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.generic: success cb=0 l1=8192 total=8192 out=8192 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 2x2, shard = 32x128>]
  %0 = ttnn.generic %a {operation_id = "k:3", grid = array<i64: 1, 1>,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "k:3">, cores = [#ttnn.core_range<(0, 0), (0, 0)>]>],
      dataflow_buffers = []}
      : (tensor<128x128xbf16, #dram>) -> tensor<128x128xbf16, #hs>
  return
}

// Placements the model refuses, with the reason.
// CHECK-LABEL: op constraints of @refused
func.func @refused(%a: tensor<128x128xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.generic: backend_error: ttnn.generic 'big:4': its grid 13x10 (cols x rows) exceeds the wormhole_b0 worker grid 8x8
  %1 = ttnn.generic %a {operation_id = "big:4", grid = array<i64: 13, 10>,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "big:4">, cores = [#ttnn.core_range<(0, 0), (12, 9)>]>],
      dataflow_buffers = []}
      : (tensor<128x128xbf16, #dram>) -> tensor<128x128xbf16, #dram>
  return
}
