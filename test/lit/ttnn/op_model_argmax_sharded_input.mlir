// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.argmax of a sharded input: ttnn 0.81.1 TT_FATALs on every one
// (argmax_device_operation.cpp:92, measured on both mock devices: height,
// width and block shards, tiled and row-major, shards that leave cores of
// their grid idle or not), so idle cores are no reason to say more.

#idle = #ttnn.layout<l1, block_sharded, bf16, grid = 7x2, shard = 64x96>
#fit = #ttnn.layout<l1, block_sharded, bf16, grid = 4x2, shard = 64x96>
#out = #ttnn.layout<row_major, l1, interleaved, u32>

// CHECK-LABEL: op constraints of @sharded
func.func @sharded(%a: tensor<256x160xbf16, #idle>, %b: tensor<256x160xbf16, #fit>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.argmax: backend_error: {{.*}} takes an interleaved input only
  %0 = ttnn.argmax %a {dim = -1 : si32} : tensor<256x160xbf16, #idle> -> tensor<256xui32, #out>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.argmax: backend_error: {{.*}} takes an interleaved input only
  %1 = ttnn.argmax %b {dim = -1 : si32} : tensor<256x160xbf16, #fit> -> tensor<256xui32, #out>
  return
}
