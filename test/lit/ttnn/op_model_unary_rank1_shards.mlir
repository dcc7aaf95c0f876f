// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A row-major rank-1 tensor from shards into shards is rejected by ttnn 0.81.1 (TT_FATAL "rank >= 2",
// eltwise/unary/common/unary_utils.cpp:30, measured on the mock Wormhole for relu, neg, abs, exp,
// gelu, silu and sigmoid); from shards to DRAM it runs (measured), and so does a tiled shard.

#rm_hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x1, shard = 1x64>
#rm_dram = #ttnn.layout<row_major, dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @rank1
func.func @rank1(%a: tensor<64xbf16, #rm_hs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu: backend_error: ttnn.silu: a row-major rank-1 tensor from shards into shards (ttnn needs rank >= 2 there)
  %0 = ttnn.silu %a : tensor<64xbf16, #rm_hs> -> tensor<64xbf16, #rm_hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success
  %1 = ttnn.relu %a : tensor<64xbf16, #rm_hs> -> tensor<64xbf16, #rm_dram>
  return
}
