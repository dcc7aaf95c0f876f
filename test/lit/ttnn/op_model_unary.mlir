// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Unary eltwise family: 2 CBs of 2 pages (cbrt 3), sharded operands use
// their shard as CB, input and output must be sharded alike.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#l1f32 = #ttnn.layout<l1, interleaved, f32>
#bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>

// CHECK-LABEL: op constraints of @unary_dram
func.func @unary_dram(%a: tensor<64x1024xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=8192 l1=0 total=8192 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  %0 = ttnn.relu %a : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.sqrt: success cb=8192 l1=0 total=8192 out=0
  %1 = ttnn.sqrt %a : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.exp: success cb=8192 l1=0 total=8192 out=0
  %2 = ttnn.exp %a : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.tanh: success cb=8192 l1=0 total=8192 out=0
  %3 = ttnn.tanh %a : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.neg: success cb=8192 l1=0 total=8192 out=0
  %4 = ttnn.neg %a : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.abs: success cb=8192 l1=0 total=8192 out=0
  %5 = ttnn.abs %a : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.rsqrt: success cb=8192 l1=0 total=8192 out=0
  %6 = ttnn.rsqrt %a : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // cbrt: input and output CBs only, as in ttnn 0.81.1 (the late-2025 reference row 5 had a third).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.cbrt: success cb=8192 l1=0 total=8192 out=0
  %7 = ttnn.cbrt %a : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @unary_to_l1
func.func @unary_to_l1(%a: tensor<64x1024xbf16, #dram>, %b: tensor<64x1024xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=8192 l1=2048 total=10240 out=2048 layouts=[#ttnn.layout<l1, interleaved, bf16>]
  %0 = ttnn.relu %a : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=8192 l1=2048 total=10240 out=2048
  %1 = ttnn.relu %b : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.cbrt: success cb=8192 l1=2048 total=10240 out=2048
  %2 = ttnn.cbrt %b : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  return
}

// f32 tiles are 4096 B, bfp8_b tiles 1088 B.
// CHECK-LABEL: op constraints of @unary_formats
func.func @unary_formats(%a: tensor<64x1024xf32, #l1f32>, %b: tensor<64x1024xbf16, #bfp8>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=16384 l1=4096 total=20480 out=4096
  %0 = ttnn.relu %a : tensor<64x1024xf32, #l1f32> -> tensor<64x1024xf32, #l1f32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=4352 l1=1088 total=5440 out=1088
  %1 = ttnn.relu %b : tensor<64x1024xbf16, #bfp8> -> tensor<64x1024xbf16, #bfp8>
  return
}

// CHECK-LABEL: op constraints of @unary_sharded
func.func @unary_sharded(%a: tensor<28672x32xbf16, #hs>, %b: tensor<28672x32xbf16, #l1>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=0 l1=28672 total=28672 out=28672 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>]
  %0 = ttnn.relu %a : tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #hs>
  // Sharded <-> interleaved (ttnn 0.81.1): the shard streams through the input's and the
  // output's 2-page CBs, in either direction.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=8192 l1=28672 total=36864 out=28672 layouts=[#ttnn.layout<l1, interleaved, bf16>]
  %1 = ttnn.relu %a : tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=8192 l1=28672 total=36864 out=28672 layouts=[#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>]
  %2 = ttnn.relu %b : tensor<28672x32xbf16, #l1> -> tensor<28672x32xbf16, #hs>
  return
}
