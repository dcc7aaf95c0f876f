// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// layer_norm / rms_norm of a sharded input whose shards leave cores of their
// grid idle: ttnn 0.81.1's sharded program wants one shard a core
// (shard_spec_validation.cpp: block shards' ceil(H / h) x ceil(W / w) must be
// the grid's cores, width shards must pad W by less than one shard) and
// TT_FATALs on both devices; the same shards on a grid they fill run.

#bs7 = #ttnn.layout<l1, block_sharded, f32, grid = 7x1, shard = 64x32>
#bs6 = #ttnn.layout<l1, block_sharded, bf16, grid = 6x1, shard = 64x64>
#bs7b = #ttnn.layout<l1, block_sharded, bf16, grid = 7x1, shard = 64x64>
#ws8 = #ttnn.layout<l1, width_sharded, bf16, grid = 8x1, shard = 2880x64>

// CHECK-LABEL: op constraints of @idle_input_cores
func.func @idle_input_cores(%a: tensor<4x96x12xf32, #bs7>, %b: tensor<3x960x411xbf16, #ws8>, %c: tensor<384x64xbf16, #bs7b>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: backend_error: ttnn.rms_norm: the input layout l1 block_sharded f32 (grid 7x1, shard 64x32) leaves cores of its grid idle
  %0 = ttnn.rms_norm %a {epsilon = 1.0e-05 : f32} : tensor<4x96x12xf32, #bs7> -> tensor<4x96x12xf32, #bs7>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: backend_error: ttnn.layer_norm: the input layout l1 width_sharded bf16 (grid 8x1, shard 2880x64) leaves cores of its grid idle
  %1 = ttnn.layer_norm %b {epsilon = 1.0e-05 : f32} : tensor<3x960x411xbf16, #ws8> -> tensor<3x960x411xbf16, #ws8>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: backend_error: ttnn.rms_norm: the input layout l1 block_sharded bf16 (grid 7x1, shard 64x64) leaves cores of its grid idle
  %2 = ttnn.rms_norm %c {epsilon = 1.0e-05 : f32} : tensor<384x64xbf16, #bs7b> -> tensor<384x64xbf16, #bs7b>
  return
}

// CHECK-LABEL: op constraints of @every_core_a_shard
func.func @every_core_a_shard(%a: tensor<384x64xbf16, #bs6>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rms_norm: success cb=40960 l1=8192 total=49152 out=8192
  %0 = ttnn.rms_norm %a {epsilon = 1.0e-05 : f32} : tensor<384x64xbf16, #bs6> -> tensor<384x64xbf16, #bs6>
  return
}
