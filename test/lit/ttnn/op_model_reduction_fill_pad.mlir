// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// A reduction of a tiled tensor whose last two dimensions are not tile
// multiples first fills the padding (ttnn 0.81.1's fill_implicit_tile_padding):
// in place for bf16 / f32 (2 + 2 tiles and a mask tile per padded side);
// bfp8_b through a bf16 copy into a new bfp8_b tensor, both placed like the
// input and the latter live until the op returns. Figures: mock-device
// measurements (Wormhole).

#l1_bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @bfp8_through_bf16
func.func @bfp8_through_bf16(%a: tensor<672x943xbf16, #l1_bfp8>) {
  // 630 tiles: 10 bf16 and 10 bfp8_b tiles a bank while the copy is cast back;
  // the W program: 8 bfp8_b input pages, a bf16 scaler, 2 output pages.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: success cb=12928 l1=31360 total=41600 out=1088
  %0 = ttnn.mean %a {dim_arg = array<i64: -1>, keep_dim = true} : tensor<672x943xbf16, #l1_bfp8> -> tensor<672x1xbf16, #l1_bfp8>
  return
}

// CHECK-LABEL: op constraints of @in_place
func.func @in_place(%a: tensor<3x70x96xbf16, #dram>) {
  // The fill-pad (5 tiles), fast_reduce_nc over dimension 0 (2 x 3 + 1 + 2
  // tiles, the peak) and ttnn's slice of its padded result (2 tiles and 12 B).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=22528 l1=8192 total=30720 out=2048
  %0 = ttnn.sum %a {dim_arg = array<i64: 0, 1>, keep_dim = true} : tensor<3x70x96xbf16, #dram> -> tensor<1x1x96xbf16, #l1>
  return
}
