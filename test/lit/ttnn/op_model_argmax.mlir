// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.argmax of a tiled input along one dimension: ttnn 0.81.1's single-core program, one input tile of
// CB and the result's last row of u32 indices in a scratchpad. Figures measured on the mock devices
// (bench/opmodel_cases_data.py).

#dram = #ttnn.layout<dram, interleaved, bf16>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>
#dram_bfp8 = #ttnn.layout<dram, interleaved, bfp8_b>
#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#idx = #ttnn.layout<row_major, dram, interleaved, u32>
#idx_l1 = #ttnn.layout<row_major, l1, interleaved, u32>
#tile_idx = #ttnn.layout<dram, interleaved, u32>

// CHECK-LABEL: op constraints of @argmax
func.func @argmax(%a: tensor<64x1024xbf16, #dram>, %f: tensor<64x1024xf32, #dram_f32>, %b: tensor<2x64x256xbf16, #dram>) {
  // 64 indices of 4 B: a 256 B scratchpad; the result is one 256 B row in one L1 bank.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.argmax: success cb=2048 l1=256 total=2560 out=256 {{.*}} runtime={{[1-9][0-9]*}}ns
  %0 = ttnn.argmax %a {dim = -1 : si32} : tensor<64x1024xbf16, #dram> -> tensor<64xui32, #idx_l1>
  // keep_dim: the result's last dimension is 1 (a 4 B row).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.argmax: success cb=4096 l1=0 total=4100 out=0
  %1 = ttnn.argmax %f {dim = 1 : si32, keep_dim = true} : tensor<64x1024xf32, #dram_f32> -> tensor<64x1xui32, #idx>
  // Along dimension 1 of 2x64x256: rows of 256 indices.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.argmax: success cb=2048 l1=0 total=3072 out=0
  %2 = ttnn.argmax %b {dim = 1 : si32} : tensor<2x64x256xbf16, #dram> -> tensor<2x256xui32, #idx>
  return
}

// CHECK-LABEL: op constraints of @rejected
func.func @rejected(%a: tensor<64x1024xbf16, #dram>, %b: tensor<64x1024xbf16, #dram_bfp8>, %r: tensor<64x1024xbf16, #rm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.argmax: backend_error: ttnn.argmax: ttnn 0.81.1 reduces a tiled input along one dimension only (all dimensions need a row_major input)
  %0 = ttnn.argmax %a : tensor<64x1024xbf16, #dram> -> tensor<ui32, #idx>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.argmax: backend_error: ttnn.argmax: the input is bfp8_b; ttnn 0.81.1's argmax takes bf16 or f32
  %1 = ttnn.argmax %b {dim = -1 : si32} : tensor<64x1024xbf16, #dram_bfp8> -> tensor<64xui32, #idx>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.argmax: backend_error: ttnn.argmax: the output is dram interleaved u32; ttnn 0.81.1 returns row_major u32 indices
  %2 = ttnn.argmax %a {dim = -1 : si32} : tensor<64x1024xbf16, #dram> -> tensor<64xui32, #tile_idx>
  // A row-major input runs the multi-core program (op_model_argmax_row_major.mlir).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.argmax: success cb=6656 l1=0 total=6656 out=0
  %3 = ttnn.argmax %r {dim = -1 : si32} : tensor<64x1024xbf16, #rm> -> tensor<64xui32, #idx>
  return
}

// CHECK-LABEL: op constraints of @u32_elsewhere
func.func @u32_elsewhere(%i: tensor<64x64xui32, #tile_idx>) {
  // u32 tensors are modelled as embedding indices and argmax results only.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: not_implemented: ttnn.relu: the operand 0 is u32 (dram interleaved u32): u32 tensors are modelled as embedding indices and argmax results only
  %0 = ttnn.relu %i : tensor<64x64xui32, #tile_idx> -> tensor<64x64xui32, #tile_idx>
  return
}
