// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// A sharded a on one core takes get_matmul_program_config's height, width and block branches.
// Figures measured on the mock devices.

// CHECK-LABEL: op constraints of @one_core
// BH-LABEL: op constraints of @one_core
func.func @one_core(%x0_0: tensor<3x51x160xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 192x160>>, %x0_1: tensor<160x960xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x1_0: tensor<3x51x160xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 1x1, shard = 192x160>>, %x1_1: tensor<160x960xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x2_0: tensor<3x51x160xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x1, shard = 192x160>>, %x2_1: tensor<160x960xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x3_0: tensor<3x51x160xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 192x160>>, %x3_1: tensor<160x960xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x3_2: tensor<1x1x960xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // matmul 3x51x160 hs:1x1:192x160 bf16 . 160x960 l1 bf16 -> dram bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=337920 l1=0 total=337920 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=337920 l1=0 total=337920 out=0
  %0 = ttnn.matmul %x0_0, %x0_1 : tensor<3x51x160xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 192x160>>, tensor<160x960xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<3x51x960xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // matmul 3x51x160 ws:1x1:192x160 bf16 . 160x960 l1 bf16 -> dram bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=399360 l1=0 total=399360 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=399360 l1=0 total=399360 out=0
  %1 = ttnn.matmul %x1_0, %x1_1 : tensor<3x51x160xbf16, #ttnn.layout<l1, width_sharded, bf16, grid = 1x1, shard = 192x160>>, tensor<160x960xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<3x51x960xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // matmul 3x51x160 bs:1x1:192x160 bf16 . 160x960 l1 bf16 -> dram bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=399360 l1=0 total=399360 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=399360 l1=0 total=399360 out=0
  %2 = ttnn.matmul %x2_0, %x2_1 : tensor<3x51x160xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x1, shard = 192x160>>, tensor<160x960xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<3x51x960xbf16, #ttnn.layout<dram, interleaved, bf16>>
  // linear 3x51x160 hs:1x1:192x160 bf16 . 160x960 l1 bf16 -> dram bf16 bias 1x1x960 dram bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: success cb=368640 l1=0 total=368640 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=368640 l1=0 total=368640 out=0
  %3 = ttnn.linear %x3_0, %x3_1 bias %x3_2 : tensor<3x51x160xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 1x1, shard = 192x160>>, tensor<160x960xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<1x1x960xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<3x51x960xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}
