// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// The dense row-major H program of ttnn 0.81.1 runs as one program up to 12
// tile rows (measured) and splits taller columns in two programs (measured
// from 16 tile rows; not modelled). Figures: mock-device measurements.

#drm = #ttnn.layout<row_major, dram, interleaved, bf16>
#l1rm = #ttnn.layout<row_major, l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @tall
func.func @tall(%a: tensor<1x384x160xbf16, #drm>, %b: tensor<1x576x160xbf16, #drm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=30720 l1=320 total=31040 out=320
  %0 = ttnn.sum %a {dim_arg = array<i64: -2>, keep_dim = true} : tensor<1x384x160xbf16, #drm> -> tensor<1x1x160xbf16, #l1rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: not_implemented: ttnn.sum: the dense row-major H program over 18 tile rows
  %1 = ttnn.sum %b {dim_arg = array<i64: -2>, keep_dim = true} : tensor<1x576x160xbf16, #drm> -> tensor<1x1x160xbf16, #l1rm>
  return
}
