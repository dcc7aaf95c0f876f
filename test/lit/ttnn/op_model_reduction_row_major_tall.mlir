// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// The dense row-major H program of ttnn 0.81.1 runs as one program up to 15
// tile rows (measured at 12, 14 and 15, bf16 and f32, both mock devices; 14
// rows first seen on fresh draw seed 415450357) and splits taller columns in
// two programs (measured from 16 tile rows; not modelled).

#drm = #ttnn.layout<row_major, dram, interleaved, bf16>
#l1rm = #ttnn.layout<row_major, l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @tall
#drm32 = #ttnn.layout<row_major, dram, interleaved, f32>

func.func @tall(%a: tensor<1x384x160xbf16, #drm>, %b: tensor<1x576x160xbf16, #drm>, %c: tensor<443x128xbf16, #l1rm>, %d: tensor<450x64xf32, #drm32>, %e: tensor<500x96xbf16, #drm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=30720 l1=320 total=31040 out=320
  %0 = ttnn.sum %a {dim_arg = array<i64: -2>, keep_dim = true} : tensor<1x384x160xbf16, #drm> -> tensor<1x1x160xbf16, #l1rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: not_implemented: ttnn.sum: the dense row-major H program over 18 tile rows
  %1 = ttnn.sum %b {dim_arg = array<i64: -2>, keep_dim = true} : tensor<1x576x160xbf16, #drm> -> tensor<1x1x160xbf16, #l1rm>
  // 14 and 15 tile rows: one program.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=30720 l1=256 total=30976 out=256
  %2 = ttnn.sum %c {dim_arg = array<i64: -2>, keep_dim = true} : tensor<443x128xbf16, #l1rm> -> tensor<1x128xbf16, #l1rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=61440 l1=0 total=61440 out=0
  %3 = ttnn.sum %d {dim_arg = array<i64: -2>, keep_dim = true} : tensor<450x64xf32, #drm32> -> tensor<1x64xf32, #drm32>
  // 16: split (ttnn: cb=36864).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: not_implemented: ttnn.sum: the dense row-major H program over 16 tile rows
  %4 = ttnn.sum %e {dim_arg = array<i64: -2>, keep_dim = true} : tensor<500x96xbf16, #drm> -> tensor<1x96xbf16, #drm>
  return
}
