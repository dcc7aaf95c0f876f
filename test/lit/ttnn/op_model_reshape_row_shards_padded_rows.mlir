// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.reshape changing the last dimension of a row-major width / block-sharded input whose rows
// are padded to whole shards: ttnn 0.81.1 unshards it (sharded_to_interleaved writes the logical
// rows), runs the row-major program and shards the result where asked, as for other row-major
// shards. Measured on both mock devices (edge draws seed 14646403 reshape #33 and 278069391 #12
// were not_implemented).

#bs = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 5x3, shard = 295x256>
#ws = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x3, shard = 200x32>
#bsf = #ttnn.layout<row_major, l1, block_sharded, f32, grid = 2x4, shard = 120x32>
#hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x1, shard = 50x176>
#dram = #ttnn.layout<row_major, dram, interleaved, bf16>
#l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#l1f = #ttnn.layout<row_major, l1, interleaved, f32>

// CHECK-LABEL: op constraints of @padded_rows
func.func @padded_rows(%a: tensor<1x2x736x766xbf16, #bs>, %b: tensor<2x100x90xbf16, #ws>, %c: tensor<4x60x100xf32, #bsf>, %d: tensor<2x100x88xbf16, #ws>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=0 l1=35328 total=50944 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=18432 total=34048 out=0
  %0 = ttnn.reshape %a {shape = array<i64: 184, 8, 766>} : tensor<1x2x736x766xbf16, #bs> -> tensor<184x8x766xbf16, #dram>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=0 l1=1504 total=8928 out=736
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=752 total=8176 out=368
  %1 = ttnn.reshape %b {shape = array<i64: 100, 180>} : tensor<2x100x90xbf16, #ws> -> tensor<100x180xbf16, #l1>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=0 l1=3200 total=6176 out=1600
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=1600 total=4576 out=800
  %2 = ttnn.reshape %c {shape = array<i64: 240, 100>} : tensor<4x60x100xf32, #bsf> -> tensor<240x100xf32, #l1f>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=0 l1=19008 total=20832 out=17600
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=18304 total=20128 out=17600
  %3 = ttnn.reshape %d {shape = array<i64: 100, 176>} : tensor<2x100x88xbf16, #ws> -> tensor<100x176xbf16, #hs>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=0 l1=36768 total=614560 out=36000
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=36384 total=614176 out=36000
  %4 = ttnn.reshape %b {shape = array<i64: 18000>} : tensor<2x100x90xbf16, #ws> -> tensor<18000xbf16, #l1>
  return
}
