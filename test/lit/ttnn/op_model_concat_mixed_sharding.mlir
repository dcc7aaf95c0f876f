// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.concat of sharded and interleaved inputs mixed (ttnn 0.81.1, both mock devices): the device op's
// "all sharded or all interleaved" TT_FATAL for a DRAM or a leading interleaved input; a sharded first
// input with L1 interleaved ones runs along the height by a route the model does not derive.

// CHECK-LABEL: op constraints of @mixed
func.func @mixed(%hs: tensor<64x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 32x64>>, %dram: tensor<64x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %l1: tensor<64x64xbf16, #ttnn.layout<l1, interleaved, bf16>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: {{.*}}sharded and interleaved inputs mixed
  %0 = ttnn.concat %hs, %dram {dim = -1 : si32} : tensor<64x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 32x64>>, tensor<64x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<64x128xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: {{.*}}sharded and interleaved inputs mixed
  %1 = ttnn.concat %l1, %hs {dim = 0 : si32} : tensor<64x64xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<64x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 32x64>> -> tensor<128x64xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: not_implemented: {{.*}}a sharded first input with L1 interleaved ones
  %2 = ttnn.concat %hs, %l1 {dim = 0 : si32} : tensor<64x64xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 2x1, shard = 32x64>>, tensor<64x64xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<128x64xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}
