// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Creation ops and deallocate.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 2x4, shard = 32x256>

// CHECK-LABEL: op constraints of @creation
func.func @creation() {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.empty: success cb=0 l1=2048 total=2048 out=2048
  %0 = ttnn.empty : tensor<64x1024xbf16, #l1>
  // zeros / ones / full: written from the host in ttnn 0.81.1, no circular buffer.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.zeros: success cb=0 l1=2048 total=2048 out=2048
  %1 = ttnn.zeros : tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.ones: success cb=0 l1=0 total=0 out=0
  %2 = ttnn.ones : tensor<64x1024xbf16, #dram>
  // 2x4 cores, 32x256 = 8 tiles per core.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.full: success cb=0 l1=16384 total=16384 out=16384
  %3 = ttnn.full {fill_value = 2.5 : f64} : tensor<64x1024xbf16, #bs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.arange: success cb=0 l1=0 total=0 out=0
  %4 = ttnn.arange {start = 0 : i64, end = 1024 : i64, step = 1 : i64} : tensor<1x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.deallocate: success cb=0 l1=0 total=0 out=0 layouts=[]
  ttnn.deallocate %0 : tensor<64x1024xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @bad_shard
func.func @bad_shard() {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.empty: backend_error: ttnn.empty: the output layout l1 block_sharded bf16 (grid 2x4, shard 32x256) does not shard a 128x1024 tensor (padded 128x1024) onto its grid
  %0 = ttnn.empty : tensor<128x1024xbf16, #bs>
  return
}
