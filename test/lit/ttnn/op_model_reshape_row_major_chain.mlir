// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.reshape of row-major tensors to or from shards (ttnn 0.81.1, reshape.cpp perform_reshape_on_2D_RM;
// measured on both mock devices): sharded_to_interleaved in the input's buffer type, the row-major
// program into an interleaved result in the output's, interleaved_to_sharded into shards ttnn derives on
// the asked grid (whatever the asked shard shape: height ceil(rows / cores), width ceil(width / cores),
// block the most grid rows / columns dividing rows / width into 64 B multiples, else interleaved); both
// temporaries live until the op returns. The same shape is to_memory_config.

#l1_rm = #ttnn.layout<row_major, l1, interleaved, bf16>
#dram_rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#hs16 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x4, shard = 16x64>
#hs3 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x3, shard = 48x64>
#ws4 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x4, shard = 128x16>
#ws3 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x3, shard = 128x32>
#bs23 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x3, shard = 64x32>
#bs22 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x2, shard = 100x24>
#in_hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x4, shard = 16x128>
#out_hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x2, shard = 64x64>
#in_ws = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x2, shard = 64x64>
#same_hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x2, shard = 32x128>

// CHECK-LABEL: op constraints of @into_shards
func.func @into_shards(%a: tensor<64x128xbf16, #l1_rm>, %b: tensor<64x128xbf16, #dram_rm>,
                       %c: tensor<100x96xbf16, #l1_rm>) {
  // Height shards of 32 rows, not the asked 16.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=0 l1=4352 total=5920 out=4096
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=4224 total=5792 out=4096
  %0 = ttnn.reshape %a {shape = array<i64: 128, 64>} : tensor<64x128xbf16, #l1_rm> -> tensor<128x64xbf16, #hs16>
  // 43 rows a core.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=0 l1=5760 total=7328 out=5504
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=5632 total=7200 out=5504
  %1 = ttnn.reshape %a {shape = array<i64: 128, 64>} : tensor<64x128xbf16, #l1_rm> -> tensor<128x64xbf16, #hs3>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=0 l1=4352 total=5920 out=4096
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=4224 total=5792 out=4096
  %2 = ttnn.reshape %b {shape = array<i64: 128, 64>} : tensor<64x128xbf16, #dram_rm> -> tensor<128x64xbf16, #ws4>
  // 22-column width shards: 44 B shard rows (interleaved_to_sharded TT_FATAL).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: {{.*}}shards of 44 B rows, not 16 B-aligned
  %3 = ttnn.reshape %b {shape = array<i64: 128, 64>} : tensor<64x128xbf16, #dram_rm> -> tensor<128x64xbf16, #ws3>
  // 64x32 block shards on 2x2 of the 2x3 grid.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=0 l1=4352 total=5920 out=4096
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=4224 total=5792 out=4096
  %4 = ttnn.reshape %b {shape = array<i64: 128, 64>} : tensor<64x128xbf16, #dram_rm> -> tensor<128x64xbf16, #bs23>
  // 48 columns split in no 64 B multiple: an interleaved L1 result.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=0 l1=384 total=1696 out=384
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=192 total=1504 out=192
  %5 = ttnn.reshape %c {shape = array<i64: 200, 48>} : tensor<100x96xbf16, #l1_rm> -> tensor<200x48xbf16, #bs22>
  return
}

// CHECK-LABEL: op constraints of @from_shards
func.func @from_shards(%a: tensor<64x128xbf16, #in_hs>, %b: tensor<64x128xbf16, #in_ws>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=0 l1=512 total=2080 out=256
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=384 total=1952 out=128
  %0 = ttnn.reshape %a {shape = array<i64: 128, 64>} : tensor<64x128xbf16, #in_hs> -> tensor<128x64xbf16, #l1_rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=256 total=1824 out=0
  %1 = ttnn.reshape %a {shape = array<i64: 128, 64>} : tensor<64x128xbf16, #in_hs> -> tensor<128x64xbf16, #dram_rm>
  // Both copies; the unsharded input lives to the end.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=0 l1=8704 total=10272 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=8576 total=10144 out=8192
  %2 = ttnn.reshape %a {shape = array<i64: 128, 64>} : tensor<64x128xbf16, #in_hs> -> tensor<128x64xbf16, #out_hs>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=0 l1=512 total=2080 out=256
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=384 total=1952 out=128
  %3 = ttnn.reshape %b {shape = array<i64: 128, 64>} : tensor<64x128xbf16, #in_ws> -> tensor<128x64xbf16, #l1_rm>
  // The same shape: to_memory_config.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=256 total=256 out=256
  %4 = ttnn.reshape %a {shape = array<i64: 64, 128>} : tensor<64x128xbf16, #in_hs> -> tensor<64x128xbf16, #l1_rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=8192 total=8192 out=8192
  %5 = ttnn.reshape %a {shape = array<i64: 64, 128>} : tensor<64x128xbf16, #in_hs> -> tensor<64x128xbf16, #same_hs>
  return
}
