// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// Row-major reductions that ttnn 0.81.1 tilizes (generic_reductions.cpp):
// fast_reduce_nc's tilize is written where the result goes and its result
// is sliced to the logical width (tilize, fast_reduce_nc and slice tensors
// live together); a reduce program's tilized input is freed when that
// program ends; an outer last reduced dimension is first moved by a
// row-major permute (then tilized); an HW reduction holds its tilized input
// through both of its programs. Figures: mock-device measurements.

#l1_rm = #ttnn.layout<row_major, l1, interleaved, bf16>
#dram_rm = #ttnn.layout<row_major, dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @fast_reduce_nc
func.func @fast_reduce_nc(%a: tensor<1x96x226xbf16, #dram_rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=32768 l1=6144 total=36864 out=2048
  %0 = ttnn.sum %a {dim_arg = array<i64: 0>, keep_dim = true} : tensor<1x96x226xbf16, #dram_rm> -> tensor<1x96x226xbf16, #l1_rm>
  return
}

// CHECK-LABEL: op constraints of @freed_after_first
func.func @freed_after_first(%a: tensor<1x375x192xbf16, #l1_rm>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.max: success cb=24576 l1=6144 total=30720 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=24576 l1=4096 total=28672 out=2048
  %0 = ttnn.max %a : tensor<1x375x192xbf16, #l1_rm> -> tensor<bf16, #l1_rm>
  return
}

// CHECK-LABEL: op constraints of @outer_first
func.func @outer_first(%a: tensor<3x64x226xbf16, #dram_rm>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.max: success cb=32768 l1=34160 total=66928 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=32768 l1=17312 total=50080 out=2048
  %0 = ttnn.max %a {dim_arg = array<i64: 0>, keep_dim = true} : tensor<3x64x226xbf16, #dram_rm> -> tensor<1x64x226xbf16, #l1_rm>
  return
}

// H and W together are one ReduceDeviceOperation (W, then H): its tilized
// input lives until both programs end, beside the W and H results (3 pages a
// bank; measured on both devices).
// CHECK-LABEL: op constraints of @held_through_hw
func.func @held_through_hw(%a: tensor<69x384xbf16, #l1_rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: success cb=49152 l1=6144 total=53248 out=2048
  %0 = ttnn.max %a {dim_arg = array<i64: -2, 1>, keep_dim = true} : tensor<69x384xbf16, #l1_rm> -> tensor<1x1xbf16, #l1_rm>
  return
}

#bs_rm = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 2x4, shard = 45x148>
#hs_rm = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x2, shard = 30x128>

// A sharded row-major input is tilized into its own shards, whatever the
// reduction: ttnn TT_FATALs on shards that are not whole tiles (measured on
// both devices).
// CHECK-LABEL: op constraints of @sharded_tilize
func.func @sharded_tilize(%a: tensor<3x2x15x592xbf16, #bs_rm>, %b: tensor<2x30x128xbf16, #hs_rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: backend_error: ttnn.sum: ttnn tilizes the row-major input into its own shards
  %0 = ttnn.sum %a {dim_arg = array<i64: -2>, keep_dim = true} : tensor<3x2x15x592xbf16, #bs_rm> -> tensor<3x2x1x592xbf16, #l1_rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max: backend_error: ttnn.max: ttnn tilizes the row-major input into its own shards
  %1 = ttnn.max %b {dim_arg = array<i64: -1>, keep_dim = true} : tensor<2x30x128xbf16, #hs_rm> -> tensor<2x30x1xbf16, #l1_rm>
  return
}
