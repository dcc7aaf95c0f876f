// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// Matmul with a sharded b (docs/op-model.md, "Matmul program configs"): ttnn
// 0.81.1 chooses the program as for an interleaved L1 b and accepts b only
// when it is that program's in1: the in0-multicast 1-D program, b width
// sharded K x perCoreN on the cores it uses (perCoreN at most 2). b's shard
// is in1's CB (not counted). Figures: the calibration harness's mock
// Wormhole ones (the second run: mock Blackhole, 130 cores, perCoreN = 1).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#wsb = #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 128x64>
#wsb1 = #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 64x32>
#wsb3 = #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 64x96>
#wso = #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 32x64>
#wsb64 = #ttnn.layout<l1, width_sharded, bf16, grid = 8x8, shard = 64x64>
#bs = #ttnn.layout<l1, block_sharded, bf16, grid = 8x8, shard = 128x128>

// CHECK-LABEL: op constraints of @in1_of_the_1d_program
// BH-LABEL: op constraints of @in1_of_the_1d_program
func.func @in1_of_the_1d_program(%a: tensor<32x128xbf16, #dram>, %b: tensor<128x4096xbf16, #wsb>,
                                 %a1: tensor<32x64xbf16, #dram>, %b1: tensor<64x2048xbf16, #wsb1>) {
  // perCoreN = 2, in0_block_w = 2 of Kt = 4: in0 2 x 2 tiles and the 2-tile
  // output block; Blackhole's 1-D program has perCoreN = 1.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=12288 l1=0 total=12288 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: backend_error: ttnn.matmul: b's shards are not the 1-D program's K x per-core N blocks
  %0 = ttnn.matmul %a, %b : tensor<32x128xbf16, #dram>, tensor<128x4096xbf16, #wsb> -> tensor<32x4096xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=12288 l1=4096 total=16384 out=4096
  %1 = ttnn.matmul %a, %b : tensor<32x128xbf16, #dram>, tensor<128x4096xbf16, #wsb> -> tensor<32x4096xbf16, #l1>
  // perCoreN = 1 on 64 cores on both devices: in0 2 tiles, output 1.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.matmul: success cb=6144 l1=0 total=6144 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=6144 l1=0 total=6144 out=0
  %2 = ttnn.matmul %a1, %b1 : tensor<32x64xbf16, #dram>, tensor<64x2048xbf16, #wsb1> -> tensor<32x2048xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @width_sharded_output
func.func @width_sharded_output(%a: tensor<32x64xbf16, #dram>, %b: tensor<64x4096xbf16, #wsb64>) {
  // The output M x perCoreN on b's cores is its own CB: in0's 2 tiles remain.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: success cb=4096 l1=4096 total=8192 out=4096
  %0 = ttnn.matmul %a, %b : tensor<32x64xbf16, #dram>, tensor<64x4096xbf16, #wsb64> -> tensor<32x4096xbf16, #wso>
  return
}

// CHECK-LABEL: op constraints of @rejected
func.func @rejected(%a: tensor<32x64xbf16, #dram>, %b3: tensor<64x6144xbf16, #wsb3>,
                    %a2: tensor<1024x1024xbf16, #dram>, %bb: tensor<1024x1024xbf16, #bs>,
                    %as: tensor<1024x1024xbf16, #bs>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: backend_error: ttnn.matmul: MatmulMultiCore needs a, b and the output interleaved
  %0 = ttnn.matmul %a, %b3 : tensor<32x64xbf16, #dram>, tensor<64x6144xbf16, #wsb3> -> tensor<32x6144xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: backend_error: ttnn.matmul: the 2-D program reads an L1 b width sharded
  %1 = ttnn.matmul %a2, %bb : tensor<1024x1024xbf16, #dram>, tensor<1024x1024xbf16, #bs> -> tensor<1024x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.matmul: backend_error: ttnn.matmul: b is l1 block_sharded bf16 (grid 8x8, shard 128x128): with a sharded a, ttnn 0.81.1 requires an interleaved b
  %2 = ttnn.matmul %as, %bb : tensor<1024x1024xbf16, #bs>, tensor<1024x1024xbf16, #bs> -> tensor<1024x1024xbf16, #bs>
  return
}
