// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// The dense row-major H program of ttnn 0.81.1 runs as one program up to 15 tile rows (measured at
// 12, 14 and 15, bf16 and f32, both mock devices) and splits taller columns in two programs when two
// slices fit the grid (min(cores / columns, tile rows)): f32 row-major partials, one row of the width
// per slice, placed like the output, then their dense reduction (max(2, ceil(slices / 32)) partial
// tiles). Measured on both devices from 16 to 600 tile rows (fresh draw seed 745750128 #12).

#drm = #ttnn.layout<row_major, dram, interleaved, bf16>
#l1rm = #ttnn.layout<row_major, l1, interleaved, bf16>
#drm32 = #ttnn.layout<row_major, dram, interleaved, f32>

// CHECK-LABEL: op constraints of @tall
func.func @tall(%a: tensor<1x384x160xbf16, #drm>, %b: tensor<1x576x160xbf16, #drm>, %c: tensor<443x128xbf16, #l1rm>, %d: tensor<450x64xf32, #drm32>, %e: tensor<500x96xbf16, #drm>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=30720 l1=320 total=31040 out=320
  %0 = ttnn.sum %a {dim_arg = array<i64: -2>, keep_dim = true} : tensor<1x384x160xbf16, #drm> -> tensor<1x1x160xbf16, #l1rm>
  // 18 tile rows: split; the partials (640 B a row) live beside the result.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=36864 l1=960 total=37824 out=320
  %1 = ttnn.sum %b {dim_arg = array<i64: -2>, keep_dim = true} : tensor<1x576x160xbf16, #drm> -> tensor<1x1x160xbf16, #l1rm>
  // 14 and 15 tile rows: one program.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=30720 l1=256 total=30976 out=256
  %2 = ttnn.sum %c {dim_arg = array<i64: -2>, keep_dim = true} : tensor<443x128xbf16, #l1rm> -> tensor<1x128xbf16, #l1rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=61440 l1=0 total=61440 out=0
  %3 = ttnn.sum %d {dim_arg = array<i64: -2>, keep_dim = true} : tensor<450x64xf32, #drm32> -> tensor<1x64xf32, #drm32>
  // 16: split.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=36864 l1=0 total=36864 out=0
  %4 = ttnn.sum %e {dim_arg = array<i64: -2>, keep_dim = true} : tensor<500x96xbf16, #drm> -> tensor<1x96xbf16, #drm>
  return
}

// 64 columns of tiles fill Wormhole's 64 cores (one program); Blackhole's 130 take 2 slices. 200
// tile rows of one column: 64 slices on Wormhole, 130 on Blackhole (5 partial tiles).
// CHECK-LABEL: op constraints of @slices
func.func @slices(%a: tensor<1280x2048xbf16, #drm>, %b: tensor<6400x32xbf16, #l1rm>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.sum: success cb=30720 l1=4096 total=34816 out=4096
  // BH: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=36864 l1=12288 total=49152 out=4096
  %0 = ttnn.sum %a {dim_arg = array<i64: 0>, keep_dim = true} : tensor<1280x2048xbf16, #drm> -> tensor<1x2048xbf16, #l1rm>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.sum: success cb=36864 l1=192 total=37056 out=64
  // BH: :[[@LINE+1]]:{{.*}} ttnn.sum: success cb=43008 l1=192 total=43200 out=64
  %1 = ttnn.sum %b {dim_arg = array<i64: 0>, keep_dim = true} : tensor<6400x32xbf16, #l1rm> -> tensor<1x32xbf16, #l1rm>
  return
}
