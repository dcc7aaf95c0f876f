// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.slice (unit steps): one 2-page CB and a 4-byte scratchpad word per dimension (ttnn 0.81.1);
// a step above 1: untilize, a row-major strided slice, tilize (three programs).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>
#dram_bfp8 = #ttnn.layout<dram, interleaved, bfp8_b>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 32x1024>

// CHECK-LABEL: op constraints of @slice
func.func @slice(%a: tensor<64x1024xbf16, #dram>, %b: tensor<2x3x64x128xbf16, #dram>) {
  // total = 4096 + 2 x 4 B; runtime: 16 tiles read and 16 written in DRAM (65536 B at 288 B/ns) + 2 us = 2228 ns.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=4096 l1=0 total=4104 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime=2228ns
  %0 = ttnn.slice %a {begins = array<i64: 0, 0>, ends = array<i64: 32, 512>, step = array<i64: 1, 1>} : tensor<64x1024xbf16, #dram> -> tensor<32x512xbf16, #dram>
  // Rank 4: 16 B of scratchpad; 16 output tiles, one per bank.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=4096 l1=2048 total=6160 out=2048
  %1 = ttnn.slice %b {begins = array<i64: 0, 1, 0, 0>, ends = array<i64: 2, 3, 64, 64>, step = array<i64: 1, 1, 1, 1>} : tensor<2x3x64x128xbf16, #dram> -> tensor<2x2x64x64xbf16, #l1>
  // A step above 1: untilize (UntilizeCodegen, 2 CBs of 2 x ceil(64 tiles / 64 cores) pages: 8192 B of
  // circular buffers), a row-major strided slice (one 2-row dataflow buffer: 4096 B), tilize (2 dataflow
  // buffers of one 16-tile row: 65536 B). cb = the largest circular + the largest dataflow buffers
  // = 8192 + 65536; total = the tilize program's 65536 (DRAM intermediates).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=73728 l1=0 total=65536 out=0
  %2 = ttnn.slice %a {begins = array<i64: 0, 0>, ends = array<i64: 64, 1024>, step = array<i64: 1, 2>} : tensor<64x1024xbf16, #dram> -> tensor<64x512xbf16, #dram>
  // Into L1, the intermediates too: 2048 (untilized input) + 1024 (sliced rows) + 2048 (output) B per
  // bank live at once; total = tilize's 65536 + 5120.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=73728 l1=5120 total=70656 out=2048
  %3 = ttnn.slice %a {begins = array<i64: 0, 0>, ends = array<i64: 64, 1024>, step = array<i64: 1, 2>} : tensor<64x1024xbf16, #dram> -> tensor<64x512xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @strided
func.func @strided(%a: tensor<64x1024xf32, #dram_f32>, %b: tensor<64x1024xbf16, #dram_bfp8>, %c: tensor<1024x1024xbf16, #dram>) {
  // f32 untilizes through UntilizeMultiCore's dataflow buffers (2 x 32 tiles x 4096 B), the largest buffers.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=262144 l1=0 total=262144 out=0
  %0 = ttnn.slice %a {begins = array<i64: 0, 0>, ends = array<i64: 64, 1024>, step = array<i64: 1, 2>} : tensor<64x1024xf32, #dram_f32> -> tensor<64x512xf32, #dram_f32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: backend_error: ttnn.slice: a step above 1 needs a bf16 or f32 input (ttnn 0.81.1: TT_FATAL on bfp8_b)
  %1 = ttnn.slice %b {begins = array<i64: 0, 0>, ends = array<i64: 64, 1024>, step = array<i64: 1, 2>} : tensor<64x1024xbf16, #dram_bfp8> -> tensor<64x512xbf16, #dram_bfp8>
  // The overall peak is the slice program's allocation: untilize's 131072 B of CBs still allocated, with
  // the untilized input (32768) and the sliced rows (8192) in L1.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=196608 l1=49152 total=172032 out=8192
  %2 = ttnn.slice %c {begins = array<i64: 0, 0>, ends = array<i64: 1024, 1024>, step = array<i64: 2, 2>} : tensor<1024x1024xbf16, #dram> -> tensor<512x512xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @sharded
func.func @sharded(%s: tensor<64x1024xbf16, #hs>) {
  // A sharded input streams through the same CB, and a sharded output is written through it (measured).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=4096 l1=2048 total=6152 out=2048
  %0 = ttnn.slice %s {begins = array<i64: 0, 0>, ends = array<i64: 32, 1024>, step = array<i64: 1, 1>} : tensor<64x1024xbf16, #hs> -> tensor<32x1024xbf16, #l1>
  // The whole tensor into its own placement: ttnn's to_memory_config returns the input (measured: 0).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=0 l1=0 total=0 out=0 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 1x2, shard = 32x1024>] runtime=0ns
  %1 = ttnn.slice %s {begins = array<i64: 0, 0>, ends = array<i64: 64, 1024>, step = array<i64: 1, 1>} : tensor<64x1024xbf16, #hs> -> tensor<64x1024xbf16, #hs>
  // A step above 1 from shards: untilized out of the shards (an output CB of 32 x 1 tiles: 65536 B), the
  // strided row-major slice and the tilize, the intermediates in L1 (measured).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.slice: success cb=65536 l1=5120 total=70656 out=2048
  %2 = ttnn.slice %s {begins = array<i64: 0, 0>, ends = array<i64: 64, 1024>, step = array<i64: 1, 2>} : tensor<64x1024xbf16, #hs> -> tensor<64x512xbf16, #l1>
  return
}
