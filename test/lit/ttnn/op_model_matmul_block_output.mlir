// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// Block-sharded outputs: on one core, row or column of cores the requested spec as height /
// width shards; else the 2-D blocks, no larger than the product, on their own grid; rejected with a
// batched b's unfused batch or when the 1-D program's cores form no rectangle. Figures measured on
// the mock devices.

// CHECK-LABEL: op constraints of @one_d_grids
// BH-LABEL: op constraints of @one_d_grids
func.func @one_d_grids(%x0_0: tensor<64x256xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x0_1: tensor<256x512xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x1_0: tensor<256x256xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x1_1: tensor<256x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x2_0: tensor<15x512xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x2_1: tensor<32x512xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x3_0: tensor<2x64x256xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x3_1: tensor<2x256x512xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // matmul 64x256 l1 bf16 . 256x512 dram bf16 -> bs:1x4:64x128 bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=49152 l1=16384 total=65536 out=16384
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=49152 l1=16384 total=65536 out=16384
  %0 = ttnn.matmul %x0_0, %x0_1 : tensor<64x256xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<256x512xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<64x512xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x4, shard = 64x128>>
  // matmul 256x256 l1 bf16 . 256x64 dram bf16 -> bs:4x1:64x64 bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=32768 l1=8192 total=40960 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=32768 l1=8192 total=40960 out=8192
  %1 = ttnn.matmul %x1_0, %x1_1 : tensor<256x256xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<256x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<256x64xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 4x1, shard = 64x64>>
  // matmul 15x512 l1 bf16 . 32x512 dram bf16 -> bs:1x1:32x32 bfp8_b T_b
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=18432 l1=1088 total=19520 out=1088
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=18432 l1=1088 total=19520 out=1088
  %2 = ttnn.matmul %x2_0, %x2_1 {transpose_b = true} : tensor<15x512xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<32x512xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<15x32xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x1, shard = 32x32>>
  // matmul 2x64x256 l1 bf16 . 2x256x512 dram bf16 -> bs:1x4:128x128 bf16 (rejected)
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: backend_error
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: backend_error
  %3 = ttnn.matmul %x3_0, %x3_1 : tensor<2x64x256xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<2x256x512xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<2x64x512xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x4, shard = 128x128>>
  return
}

// CHECK-LABEL: op constraints of @two_d_blocks
// BH-LABEL: op constraints of @two_d_blocks
func.func @two_d_blocks(%x0_0: tensor<64x256xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x0_1: tensor<256x64xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x1_0: tensor<32x256xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x1_1: tensor<256x224xbf16, #ttnn.layout<dram, interleaved, bf16>>, %x2_0: tensor<2x17x1312xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x2_1: tensor<1312x420xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x3_0: tensor<3x192x384xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, %x3_1: tensor<3x79x384xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, %x4_0: tensor<640x256xbf16, #ttnn.layout<l1, interleaved, bf16>>, %x4_1: tensor<256x96xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // matmul 64x256 l1 bf16 . 256x64 dram bf16 -> bs:1x1:64x64 bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=32768 l1=8192 total=40960 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=32768 l1=8192 total=40960 out=8192
  %0 = ttnn.matmul %x0_0, %x0_1 : tensor<64x256xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<256x64xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<64x64xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 1x1, shard = 64x64>>
  // matmul 32x256 l1 bf16 . 256x224 dram bf16 -> bs:2x2:32x128 bf16
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=65536 l1=14336 total=79872 out=14336
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=65536 l1=14336 total=79872 out=14336
  %1 = ttnn.matmul %x1_0, %x1_1 : tensor<32x256xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<256x224xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<32x224xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 2x2, shard = 32x128>>
  // linear 2x17x1312 l1 bf16 . 1312x420 l1 bf16 -> bs:2x5:32x96 bf16 relu
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.linear: success cb=61440 l1=57344 total=118784 out=28672
  // BH: :[[@LINE+1]]:{{.*}} ttnn.linear: success cb=61440 l1=57344 total=118784 out=28672
  %2 = ttnn.linear %x2_0, %x2_1 activation relu : tensor<2x17x1312xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<1312x420xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<2x17x420xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 2x5, shard = 32x96>>
  // matmul 3x192x384 dram bfp8_b . 3x79x384 l1 bfp8_b -> bs:3x2:192x64 bfp8_b T_b
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: backend_error
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: backend_error
  %3 = ttnn.matmul %x3_0, %x3_1 {transpose_b = true} : tensor<3x192x384xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>, tensor<3x79x384xbf16, #ttnn.layout<l1, interleaved, bfp8_b>> -> tensor<3x192x79xbf16, #ttnn.layout<l1, block_sharded, bfp8_b, grid = 3x2, shard = 192x64>>
  // matmul 640x256 l1 bf16 . 256x96 dram bf16 -> bs:2x2:320x64 bf16 (rejected)
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: backend_error
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: backend_error
  %4 = ttnn.matmul %x4_0, %x4_1 : tensor<640x256xbf16, #ttnn.layout<l1, interleaved, bf16>>, tensor<256x96xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<640x96xbf16, #ttnn.layout<l1, block_sharded, bf16, grid = 2x2, shard = 320x64>>
  return
}
