// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Creation ops in every layout ttnn 0.81.1 builds on the host (mock Wormhole): row-major pages are rows
// aligned to 16 B in L1 (sharded rows too), u32 tensors, shard grids with idle cores; arange with a
// negative step; a bfp8_b arange throws in ttnn.

#rml1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#rmf32 = #ttnn.layout<row_major, l1, interleaved, f32>
#rmhs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x1, shard = 32x100>
#u32 = #ttnn.layout<l1, interleaved, u32>
#idle = #ttnn.layout<l1, height_sharded, bf16, grid = 2x8, shard = 32x64>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#l1bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @fills
func.func @fills() {
  // One 704 B row on one bank.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.zeros: success cb=0 l1=704 total=704 out=704
  %0 = ttnn.zeros : tensor<352xbf16, #rml1>
  // 1104 rows over 64 banks: 18 rows of 704 B.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.empty: success cb=0 l1=12672 total=12672 out=12672
  %1 = ttnn.empty : tensor<2x552x352xbf16, #rml1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.full: success cb=0 l1=6656 total=6656 out=6656
  %2 = ttnn.full {fill_value = 2.5 : f64} : tensor<256x100xbf16, #rmhs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.zeros: success cb=0 l1=4096 total=4096 out=4096
  %3 = ttnn.zeros : tensor<64x64xui32, #u32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.ones: success cb=0 l1=4096 total=4096 out=4096
  %4 = ttnn.ones : tensor<256x64xbf16, #idle>
  return
}

// CHECK-LABEL: op constraints of @arange
func.func @arange() {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.arange: success cb=0 l1=2048 total=2048 out=2048
  %0 = ttnn.arange {start = -99 : i64, end = -1797 : i64, step = -1 : i64} : tensor<1698xbf16, #l1>
  // 34 f32 values: a 136 B row, 144 B in L1.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.arange: success cb=0 l1=144 total=144 out=144
  %1 = ttnn.arange {start = 100 : i64, end = 0 : i64, step = -3 : i64} : tensor<34xf32, #rmf32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.arange: backend_error: ttnn.arange: ttnn builds arange in bf16, f32 or u32, not bfp8_b
  %2 = ttnn.arange {start = 0 : i64, end = 100 : i64, step = 1 : i64} : tensor<100xbf16, #l1bfp8>
  return
}
