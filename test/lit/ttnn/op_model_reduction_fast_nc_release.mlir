// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// A bfp8_b sum over an outer dimension and H: ttnn 0.81.1 fill-pads the
// input through bf16 into a new bfp8_b copy, runs fast_reduce_nc and its
// slice, and frees that copy when non_height_width_reduce returns, before
// the (split) H programs. Blackhole's peak is the fill-pad's typecast back
// (20480 + 10880 B live beside the fill-pad's 12288 B of buffers), not the
// split H program's. Figures: mock-device measurements.

#l1 = #ttnn.layout<l1, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @freed_after_fast_nc
func.func @freed_after_fast_nc(%a: tensor<4x2x799x179xbf16, #l1>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.sum: success cb=27840 l1=59584 total=71872 out=1088
  // BH: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=27840 l1=31360 total=43648 out=1088
  %0 = ttnn.sum %a {dim_arg = array<i64: -4, 2>, keep_dim = true} : tensor<4x2x799x179xbf16, #l1> -> tensor<1x2x1x179xbf16, #l1>
  return
}
