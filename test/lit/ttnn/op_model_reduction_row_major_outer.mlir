// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// Row-major reductions whose dimensions are all outer ones (ttnn 0.81.1's reduce_nd_loop): a sum or
// mean over one such dimension runs the dense H program between row-major transposes of it to H and
// back (a row-major result); a max or min transposes the last to H row-major, tilizes that, runs the
// tiled H program and transposes back tiled, then the other dimensions tiled (a tiled result).
// Measured on both mock devices (42 probes, fresh stress draw seed 486764183 #2 and #12).

#l1rm = #ttnn.layout<row_major, l1, interleaved, bf16>
#drm = #ttnn.layout<row_major, dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @outer
func.func @outer(%a: tensor<4x2x33x64xbf16, #drm>, %b: tensor<2x7x33x100xbf16, #l1rm>, %c: tensor<30x2x33x300xbf16, #drm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.mean: success cb=18432 l1=0 total=18432 out=0
  %0 = ttnn.mean %a {dim_arg = array<i64: -4>, keep_dim = false} : tensor<4x2x33x64xbf16, #drm> -> tensor<2x33x64xbf16, #drm>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.mean: success cb=18432 l1=2080 total=20512 out=416
  // BH: :[[@LINE+1]]:{{.*}} ttnn.mean: success cb=18432 l1=1040 total=19472 out=208
  %1 = ttnn.mean %b {dim_arg = array<i64: 1>, keep_dim = true} : tensor<2x7x33x100xbf16, #l1rm> -> tensor<2x1x33x100xbf16, #l1rm>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.min: success cb=40960 l1=653728 total=694688 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.min: success cb=40960 l1=325120 total=366080 out=2048
  %2 = ttnn.min %c {dim_arg = array<i64: -4, 1>, keep_dim = false} : tensor<30x2x33x300xbf16, #drm> -> tensor<33x300xbf16, #l1rm>
  return
}
