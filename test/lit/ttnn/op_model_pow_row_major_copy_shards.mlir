// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// x ** 1 of a row-major tensor to or from shards (not shards alike): ttnn
// 0.81.1's DefaultRowMajor copy, an input CB of one input page (graph
// capture's scratchpad, in `total`: a width or block shard's row, else a
// whole row) and 2 output pages aligned to the output buffer (DRAM 32 B on
// Wormhole, 64 B on Blackhole; L1 16 B). Its parallel branch (a unit common
// to pages of two sizes) is not modelled. Figures: mock-device measurements.

#bs5 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 5x1, shard = 320x383>
#dram = #ttnn.layout<row_major, dram, interleaved, bf16>
#dramf = #ttnn.layout<row_major, dram, interleaved, f32>
#ws1f = #ttnn.layout<row_major, l1, width_sharded, f32, grid = 1x1, shard = 1863x5>
#bs2 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x1, shard = 32x100>
#hs77 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x1, shard = 32x77>
#l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#ws50 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x2, shard = 64x50>
#ws48 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x2, shard = 64x48>

// CHECK-LABEL: op constraints of @default_row_major
func.func @default_row_major(%a: tensor<2x1x800x383xbf16, #bs5>, %b: tensor<3x3x207x5xf32, #dramf>, %c: tensor<64x100xbf16, #bs2>, %d: tensor<64x77xbf16, #hs77>, %e: tensor<64x100xbf16, #ws50>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=1536 l1=0 total=2302 out=0
  %0 = ttnn.pow_scalar %a {exponent = 1.0 : f64} : tensor<2x1x800x383xbf16, #bs5> -> tensor<2x1x800x383xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=64 l1=59616 total=59700 out=59616
  %1 = ttnn.pow_scalar %b {exponent = 1.0 : f64} : tensor<3x3x207x5xf32, #dramf> -> tensor<3x3x207x5xf32, #ws1f>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.pow_scalar: success cb=448 l1=0 total=648 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=512 l1=0 total=712 out=0
  %2 = ttnn.pow_scalar %c {exponent = 1.0 : f64} : tensor<64x100xbf16, #bs2> -> tensor<64x100xbf16, #dram>
  // Height shards into L1 interleaved: the input page too (was modelled without it).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=320 l1=160 total=634 out=160
  %3 = ttnn.pow_scalar %d {exponent = 1.0 : f64} : tensor<64x77xbf16, #hs77> -> tensor<64x77xbf16, #l1>
  // Pages of two sizes: the shard's 100 B row into 200 B rows.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=416 l1=208 total=724 out=208
  %4 = ttnn.pow_scalar %e {exponent = 1.0 : f64} : tensor<64x100xbf16, #ws50> -> tensor<64x100xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @parallel_branch_possible
func.func @parallel_branch_possible(%a: tensor<64x96xbf16, #ws48>) {
  // 96 B and 192 B pages share a 16 B-aligned unit: not modelled.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: not_implemented
  %0 = ttnn.pow_scalar %a {exponent = 1.0 : f64} : tensor<64x96xbf16, #ws48> -> tensor<64x96xbf16, #dram>
  return
}
