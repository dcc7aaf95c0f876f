// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// Row-major L1 shards joined in place (concat_device_operation.cpp, concat_impl; measured on both mock
// devices): height shards along the width, width shards along the height, block shards along either, rows
// of whole L1 units and width or block shards spanning the width exactly. ttnn's sharded programs borrow the
// shards as their CBs (cb 0) and write the joined shards; an interleaved output is copied out of them by
// sharded_to_interleaved. A ragged last shard column is transposed first: not modelled.

#hs31 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x8, shard = 31x320>
#hs64 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 50x64>
#hs32 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 50x32>
#hs96 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 50x96>
#ws30 = #ttnn.layout<row_major, l1, width_sharded, f32, grid = 1x4, shard = 30x64>
#ws50 = #ttnn.layout<row_major, l1, width_sharded, f32, grid = 1x4, shard = 50x64>
#bs8 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x4, shard = 256x8>
#bs16 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x4, shard = 256x16>
#bs6 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x6, shard = 256x6>
#ws15 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x8, shard = 640x15>
#rm_dram = #ttnn.layout<row_major, dram, interleaved, bf16>
#rm_l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#rm_l1f32 = #ttnn.layout<row_major, l1, interleaved, f32>

// CHECK-LABEL: op constraints of @joined
func.func @joined(%a: tensor<2x493x320xbf16, #hs31>, %b: tensor<2x100x64xbf16, #hs64>, %c: tensor<2x100x32xbf16, #hs32>, %d: tensor<30x256xf32, #ws30>, %e: tensor<50x256xf32, #ws50>, %f: tensor<4x64x32xbf16, #bs8>) {
  // The joined 31x640 shards, copied to DRAM.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=0 l1=39680 total=39680 out=0
  %0 = ttnn.concat %a, %a {dim = 2 : si32} : tensor<2x493x320xbf16, #hs31>, tensor<2x493x320xbf16, #hs31> -> tensor<2x493x640xbf16, #rm_dram>
  // Three height-sharded inputs (the multi-tensor program): 50x160 shards, then L1 interleaved.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=0 l1=17280 total=17280 out=1280
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=0 l1=16640 total=16640 out=640
  %1 = ttnn.concat %b, %c, %b {dim = 2 : si32} : tensor<2x100x64xbf16, #hs64>, tensor<2x100x32xbf16, #hs32>, tensor<2x100x64xbf16, #hs64> -> tensor<2x100x160xbf16, #rm_l1>
  // Into the joined shards themselves.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=0 l1=9600 total=9600 out=9600
  %2 = ttnn.concat %b, %c {dim = -1 : si32} : tensor<2x100x64xbf16, #hs64>, tensor<2x100x32xbf16, #hs32> -> tensor<2x100x96xbf16, #hs96>
  // Width shards along the height: 80x64 f32 shards.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concat: success cb=0 l1=22528 total=22528 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=0 l1=21504 total=21504 out=1024
  %3 = ttnn.concat %d, %e {dim = 0 : si32} : tensor<30x256xf32, #ws30>, tensor<50x256xf32, #ws50> -> tensor<80x256xf32, #rm_l1f32>
  // Block shards along the width, into the joined 256x16 block shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=0 l1=8192 total=8192 out=8192
  %4 = ttnn.concat %f, %f {dim = 2 : si32} : tensor<4x64x32xbf16, #bs8>, tensor<4x64x32xbf16, #bs8> -> tensor<4x64x64xbf16, #bs16>
  return
}

// CHECK-LABEL: op constraints of @ragged
func.func @ragged(%a: tensor<4x64x32xbf16, #bs6>, %b: tensor<640x116xbf16, #ws15>) {
  // 32 columns in 6 shards of 6 (fresh draw seed 214009588 concat #20: ttnn transposes first).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: not_implemented: ttnn.concat: concatenating row-major shards is not modelled
  %0 = ttnn.concat %a, %a {dim = 2 : si32} : tensor<4x64x32xbf16, #bs6>, tensor<4x64x32xbf16, #bs6> -> tensor<4x64x64xbf16, #rm_l1>
  // 116 columns in 8 width shards of 15: physical rows of 240 B pass ttnn's transpose test, the
  // interleaved copies' 232 B rows fail concat_impl's check (fresh draw seed 403549318 concat #19).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: {{.*}}concatenates 232 B rows, not whole units of its alignment
  %1 = ttnn.concat %b, %b {dim = -1 : si32} : tensor<640x116xbf16, #ws15>, tensor<640x116xbf16, #ws15> -> tensor<640x232xbf16, #rm_l1>
  return
}
