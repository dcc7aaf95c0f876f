// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// Matmul: the partials block of a bfp8_b output (docs/op-model.md, "Matmul program configs").
// Packer L1 accumulation packs partials in bf16 beside the output only when K spans
// three blocks or more (the 1-D program splitting N: two); with fewer the partials are the output.
// Figures measured on the mock devices (bench/opmodel_cases_matmul.py).

// CHECK-LABEL: op constraints of @one_k_block
// BH-LABEL: op constraints of @one_k_block
// One K block: no partials CB.
func.func @one_k_block(%x0_0: tensor<1184x64xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %x0_1: tensor<64x2016xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>) {
  // matmul 1184x64 dram bfp8_b . 64x2016 l1 bfp8_b -> dram bfp8_b (one K block)
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=348160 l1=0 total=348160 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=348160 l1=0 total=348160 out=0
  %0 = ttnn.matmul %x0_0, %x0_1 : tensor<1184x64xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, tensor<64x2016xbf16, #ttnn.layout<l1, interleaved, bfp8_b>> -> tensor<1184x2016xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>
  return
}

// CHECK-LABEL: op constraints of @three_k_blocks
// BH-LABEL: op constraints of @three_k_blocks
// Three K blocks: the bf16 partials block beside the output.
func.func @three_k_blocks(%x0_0: tensor<256x96xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %x0_1: tensor<96x2048xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>) {
  // matmul 256x96 dram bfp8_b . 96x2048 dram bfp8_b -> dram bfp8_b (three K blocks)
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=44672 l1=0 total=44672 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=28736 l1=0 total=28736 out=0
  %0 = ttnn.matmul %x0_0, %x0_1 : tensor<256x96xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, tensor<96x2048xbf16, #ttnn.layout<dram, interleaved, bfp8_b>> -> tensor<256x2048xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>
  return
}
