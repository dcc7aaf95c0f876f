// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.reshape's tiled program into shards (ttnn 0.81.1, measured alike on both mock devices): ttnn
// re-derives the output's shards on the asked grid (reshape.cpp, recompute_shard_spec_for_output), so
// asked shards that do not hold the tensor are not rejected: height / width shards split it evenly in
// whole tiles, block shards not covering it are derived per grid side. The same-shape copy keeps the
// asked shards (to_memory_config rejects them).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1_8 = #ttnn.layout<l1, interleaved, bfp8_b>
#hs_in = #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 32x64>
#ws4 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x4, shard = 32x32>
#ws3 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x3, shard = 64x64>
#ws64 = #ttnn.layout<l1, width_sharded, bf16, grid = 1x4, shard = 64x64>
#hs2 = #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 32x32>
#bs3 = #ttnn.layout<l1, block_sharded, bf16, grid = 1x3, shard = 32x32>
#ws8 = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 2x2, shard = 32x32>
#ws_bad = #ttnn.layout<l1, width_sharded, bf16, grid = 1x4, shard = 64x8>

// CHECK-LABEL: op constraints of @derived
func.func @derived(%a: tensor<50x70xbf16, #dram>, %b: tensor<64x64xbf16, #dram>,
                   %c: tensor<64x64xbf16, #hs_in>, %d: tensor<50x70xbf16, #l1_8>) {
  // 35x100 (64x128 padded) in 64x32 width shards, not the asked 32x32.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=5952 l1=4096 total=12096 out=4096
  %0 = ttnn.reshape %a {shape = array<i64: 35, 100>} : tensor<50x70xbf16, #dram> -> tensor<35x100xbf16, #ws4>
  // 4 tiles of width on 3 cores: 2 shards of 64x64, one core idle.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=5952 l1=8192 total=16192 out=8192
  %1 = ttnn.reshape %a {shape = array<i64: 35, 100>} : tensor<50x70xbf16, #dram> -> tensor<35x100xbf16, #ws3>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=5952 l1=8192 total=16192 out=8192
  %2 = ttnn.reshape %a {shape = array<i64: 35, 100>} : tensor<50x70xbf16, #dram> -> tensor<35x100xbf16, #hs2>
  // 32x128 on a 1x3 block grid: 2 of 4 tiles a core, 32x64 shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=3072 l1=4096 total=9216 out=4096
  %3 = ttnn.reshape %b {shape = array<i64: 32, 128>} : tensor<64x64xbf16, #dram> -> tensor<32x128xbf16, #bs3>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=3072 l1=2048 total=7168 out=2048
  %4 = ttnn.reshape %c {shape = array<i64: 32, 128>} : tensor<64x64xbf16, #hs_in> -> tensor<32x128xbf16, #ws64>
  // bfp8_b: through bf16 interleaved copies, sharded last.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=12288 l1=5312 total=17472 out=2176
  %5 = ttnn.reshape %d {shape = array<i64: 35, 100>} : tensor<50x70xbf16, #l1_8> -> tensor<35x100xbf16, #ws8>
  // A view of sharded tensors stays in the input's shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0
  %6 = ttnn.reshape %c {shape = array<i64: 2, 32, 64>} : tensor<64x64xbf16, #hs_in> -> tensor<2x32x64xbf16, #hs2>
  // The same shape is to_memory_config's copy into the asked shards (TT_FATAL).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: {{.*}}not a multiple of the 32x32 tile
  %7 = ttnn.reshape %b {shape = array<i64: 64, 64>} : tensor<64x64xbf16, #dram> -> tensor<64x64xbf16, #ws_bad>
  return
}
