// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// Matmul with every tensor in DRAM: the 2-D program on the whole grid, its per-core block
// fitted to L1 (get_multi_dim_per_core_factor), also for a one-row block grid.
// Figures measured on the mock devices.

// CHECK-LABEL: op constraints of @large_blocks
// BH-LABEL: op constraints of @large_blocks
// 160 x 160 tiles: 20 x 20 per core does not fit, 20 x 10 does.
func.func @large_blocks(%x0_0: tensor<5120x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x0_1: tensor<64x5120xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // matmul Mt Kt Nt 160 2 160 dram->dram
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=532480 l1=0 total=532480 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=544768 l1=0 total=544768 out=0
  %0 = ttnn.matmul %x0_0, %x0_1 : tensor<5120x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<64x5120xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<5120x5120xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @one_row
// BH-LABEL: op constraints of @one_row
// A one-row block grid keeps the 2-D program (a's batch double-buffers).
func.func @one_row(%x0_0: tensor<2x256x30xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %x0_1: tensor<1x30x1065xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>) {
  // matmul 2x256x30 dram bfp8_b . 1x30x1065 dram bfp8_b -> dram bfp8_b (2-D, all DRAM, one row)
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=18496 l1=0 total=18496 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=11968 l1=0 total=11968 out=0
  %0 = ttnn.matmul %x0_0, %x0_1 : tensor<2x256x30xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, tensor<1x30x1065xbf16, #ttnn.layout<dram, interleaved, bfp8_b>> -> tensor<2x256x1065xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>
  return
}
