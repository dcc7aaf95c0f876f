// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.moreh_layer_norm_backward of width shards on a grid with an idle core
// (8 shards of 96 on 3x3): the same programs. Figures: the calibration
// harness's mock-device ones (both devices).

// moreh_layer_norm_backward 256x768 nd 1 g:ws:3x3:256x96->g:ws:3x3:256x96 grads ig side dram
// CHECK-LABEL: op constraints of @moreh_layer_norm_backward_256x768_nd_1_g_ws_3x3_256x96_g_ws__0
// BH-LABEL: op constraints of @moreh_layer_norm_backward_256x768_nd_1_g_ws_3x3_256x96_g_ws__0
func.func @moreh_layer_norm_backward_256x768_nd_1_g_ws_3x3_256x96_g_ws__0(%a0: tensor<256x768xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 3x3, shard = 256x96>>, %a1: tensor<256x768xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 3x3, shard = 256x96>>, %a2: tensor<1x256xbf16, #ttnn.layout<dram, interleaved, bf16>>, %a3: tensor<1x256xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.moreh_layer_norm_backward: success cb=126976 l1=49152 total=176128 out=49152
  // BH: :[[@LINE+1]]:{{.*}} ttnn.moreh_layer_norm_backward: success cb=126976 l1=49152 total=176128 out=49152
  %r = ttnn.moreh_layer_norm_backward %a0, %a1, %a2, %a3 {normalized_dims = 1 : i64} : tensor<256x768xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 3x3, shard = 256x96>>, tensor<256x768xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 3x3, shard = 256x96>>, tensor<1x256xbf16, #ttnn.layout<dram, interleaved, bf16>>, tensor<1x256xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<256x768xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 3x3, shard = 256x96>>
  return
}
