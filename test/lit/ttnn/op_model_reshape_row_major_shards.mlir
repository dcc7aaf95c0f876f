// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.reshape of row-major tensors to or from shards: ttnn unshards the input and shards the result
// (shards it derives), copies that reject shard rows that are not L1-aligned (TT_FATAL on the mock
// devices: bench/opmodel_cases_data.py); the chain: op_model_reshape_row_major_chain.mlir.

#l1_rm = #ttnn.layout<row_major, l1, interleaved, bf16>
#dram_rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#ws_rm = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 3x1, shard = 512x11>
#hs_rm = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x8, shard = 32x65>
#hs_rm64 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x8, shard = 32x64>

// CHECK-LABEL: op constraints of @row_major_shards
func.func @row_major_shards(%a: tensor<512x32xbf16, #ws_rm>, %b: tensor<4x2x26x320xbf16, #l1_rm>, %c: tensor<4x2x32x256xbf16, #l1_rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: ttnn.reshape: ttnn unshards the row-major input {{.*}} whose 22 B shard rows are not 16 B-aligned
  %0 = ttnn.reshape %a {shape = array<i64: 16384>} : tensor<512x32xbf16, #ws_rm> -> tensor<16384xbf16, #dram_rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: ttnn.reshape: ttnn shards the row-major result into shards of 130 B rows
  %1 = ttnn.reshape %b {shape = array<i64: 1024, 65>} : tensor<4x2x26x320xbf16, #l1_rm> -> tensor<1024x65xbf16, #hs_rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=6144 total=8736 out=4096
  %2 = ttnn.reshape %c {shape = array<i64: 1024, 64>} : tensor<4x2x32x256xbf16, #l1_rm> -> tensor<1024x64xbf16, #hs_rm64>
  return
}

// A row-major tensor's last dimension is padded to whole width or block shards (237 columns in
// 48-column shards are 240): ttnn's view to 237 columns TT_FATALs (tensor_ops.cpp:380; measured on both
// devices); 240 columns, or height shards of the whole row, are views.
#bs48 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x5, shard = 1536x48>
#ws48 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x5, shard = 1536x48>

// CHECK-LABEL: op constraints of @shard_padded_width
func.func @shard_padded_width(%a: tensor<2x3x256x237xbf16, #bs48>, %b: tensor<2x3x256x240xbf16, #ws48>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: ttnn.reshape: ttnn views the row_major l1 block_sharded bf16 (grid 1x5, shard 1536x48) input, whose 237 columns are padded to whole shards
  %0 = ttnn.reshape %a {shape = array<i64: 3, 512, 237>} : tensor<2x3x256x237xbf16, #bs48> -> tensor<3x512x237xbf16, #bs48>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=0 out=0
  %1 = ttnn.reshape %b {shape = array<i64: 3, 512, 240>} : tensor<2x3x256x240xbf16, #ws48> -> tensor<3x512x240xbf16, #ws48>
  return
}

// Into its own shape and placement too: ttnn views the padded rows and TT_FATALs (tensor_ops.cpp:380;
// both mock devices, fresh stress draw seed 635307776, reshape #27, where the model had returned
// the input).
#bs_padded = #ttnn.layout<row_major, l1, block_sharded, f32, grid = 1x7, shard = 628x31>
// CHECK-LABEL: op constraints of @identity_padded_rows
func.func @identity_padded_rows(%a: tensor<2x1x314x212xf32, #bs_padded>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: backend_error: {{.*}}whose 212 columns are padded to whole shards
  %0 = ttnn.reshape %a {shape = array<i64: 2, 1, 314, 212>} : tensor<2x1x314x212xf32, #bs_padded> -> tensor<2x1x314x212xf32, #bs_padded>
  return
}
