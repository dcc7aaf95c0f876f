// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.transpose that moves nothing of a row-major width / block-sharded input of partial tiles:
// ttnn 0.81.1 (transpose.cpp) copies the input to L1 interleaved first (to_memory_config), then
// returns that copy (into L1 interleaved) or clones it (2 aligned rows of CB); ttnn.clone does not
// copy it into shards (clone_device_operation.cpp:42, TT_FATAL), the input's own ones too. Measured
// on both mock devices (edge draws seed 137698227 transpose #26, #41 and 512421160 #24 were
// not_implemented).

#ws = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x7, shard = 328x34>
#bs = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 6x4, shard = 219x54>
#bsf = #ttnn.layout<row_major, l1, block_sharded, f32, grid = 3x1, shard = 24x320>
#ws3 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x3, shard = 150x32>
#ws4 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x4, shard = 50x32>
#hsf = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 3x3, shard = 8x320>
#dram = #ttnn.layout<row_major, dram, interleaved, bf16>
#l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#l1f = #ttnn.layout<row_major, l1, interleaved, f32>

// CHECK-LABEL: op constraints of @copy_then_clone
func.func @copy_then_clone(%a: tensor<4x2x41x235xbf16, #ws>, %b: tensor<4x4x82x216xbf16, #bs>, %c: tensor<1x1x50x100xbf16, #ws4>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.transpose: success cb=960 l1=2880 total=3908 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=960 l1=1440 total=2468 out=0
  %0 = ttnn.transpose %a {dim0 = 1 : si32, dim1 = -3 : si32} : tensor<4x2x41x235xbf16, #ws> -> tensor<4x2x41x235xbf16, #dram>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.transpose: success cb=864 l1=9072 total=10044 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=864 l1=4752 total=5724 out=0
  %1 = ttnn.transpose %b {dim0 = -3 : si32, dim1 = -3 : si32} : tensor<4x4x82x216xbf16, #bs> -> tensor<4x4x82x216xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=416 l1=208 total=624 out=0
  %2 = ttnn.transpose %c {dim0 = 0 : si32, dim1 = 1 : si32} : tensor<1x1x50x100xbf16, #ws4> -> tensor<1x1x50x100xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @the_copy
func.func @the_copy(%a: tensor<4x2x41x235xbf16, #ws>, %b: tensor<2x36x320xf32, #bsf>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.transpose: success cb=960 l1=2880 total=3908 out=2880
  // BH: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=960 l1=1440 total=2468 out=1440
  %0 = ttnn.transpose %a {dim0 = 1 : si32, dim1 = 1 : si32} : tensor<4x2x41x235xbf16, #ws> -> tensor<4x2x41x235xbf16, #l1>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.transpose: success cb=0 l1=2560 total=2560 out=2560
  // BH: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=0 l1=1280 total=1280 out=1280
  %1 = ttnn.transpose %b {dim0 = 0 : si32, dim1 = 0 : si32} : tensor<2x36x320xf32, #bsf> -> tensor<2x36x320xf32, #l1f>
  return
}

// CHECK-LABEL: op constraints of @into_shards
func.func @into_shards(%a: tensor<2x36x320xf32, #bsf>, %b: tensor<3x50x96xbf16, #ws3>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: backend_error: {{.*}}clones the input's L1-interleaved copy, which ttnn.clone does not copy into
  %0 = ttnn.transpose %a {dim0 = -1 : si32, dim1 = -1 : si32} : tensor<2x36x320xf32, #bsf> -> tensor<2x36x320xf32, #hsf>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: backend_error: {{.*}}clones the input's L1-interleaved copy, which ttnn.clone does not copy into
  %1 = ttnn.transpose %b {dim0 = 2 : si32, dim1 = 2 : si32} : tensor<3x50x96xbf16, #ws3> -> tensor<3x50x96xbf16, #ws3>
  return
}
