// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.layer_norm: ttnn 0.81.1 writes an interleaved input's result into
// output shards that leave cores of their grid idle (27 tiles of width in 7
// of 8 block shards of 4), with the interleaved program's CBs. Figures:
// mock-device measurements (both devices alike).

#l1 = #ttnn.layout<l1, interleaved, f32>
#bs = #ttnn.layout<l1, block_sharded, f32, grid = 1x8, shard = 512x128>

// CHECK-LABEL: op constraints of @idle_output_cores
func.func @idle_output_cores(%a: tensor<512x864xf32, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=434176 l1=262144 total=696320 out=262144
  %0 = ttnn.layer_norm %a {epsilon = 1.0e-03 : f32} : tensor<512x864xf32, #l1> -> tensor<512x864xf32, #bs>
  return
}
