// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.typecast of row-major shards into other shards: ttnn 0.81.1's program
// needs as many pages of as many elements on both sides
// (typecast_program_factory.cpp:116, TT_FATAL on both mock devices for 1x160
// shards on 3 cores into 1x69 on 7). Shards of one width recut into another
// grid or height: the interleaved program (2-page CBs of tiles in each
// format), or the sharded program (no CBs) for aliasable shards keeping their
// tile size, which needs as many cores on both sides. Figures: both mock
// devices (the same on both).

// CHECK-LABEL: op constraints of @other_width
func.func @other_width(%a: tensor<480xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x3, shard = 1x160>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: backend_error: {{.*}} pages of as many elements
  %r = ttnn.typecast %a : tensor<480xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x3, shard = 1x160>> -> tensor<480xf32, #ttnn.layout<row_major, l1, block_sharded, f32, grid = 1x7, shard = 1x69>>
  return
}

#hs20 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 5x3, shard = 20x544>
#hs12 = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 6x4, shard = 12x544>
#hs25 = #ttnn.layout<row_major, l1, height_sharded, f32, grid = 3x4, shard = 25x544>
#hs32 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x2, shard = 32x544>
#hs32b = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x4, shard = 32x544>
#hs16 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x4, shard = 16x544>

// CHECK-LABEL: op constraints of @recut
func.func @recut(%a: tensor<1x288x544xbf16, #hs20>, %b: tensor<1x256x544xbf16, #hs32>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: success cb=12288 l1=26112 total=38400 out=26112
  %0 = ttnn.typecast %a : tensor<1x288x544xbf16, #hs20> -> tensor<1x288x544xf32, #hs12>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: success cb=12288 l1=54400 total=66688 out=54400
  %1 = ttnn.typecast %a : tensor<1x288x544xbf16, #hs20> -> tensor<1x288x544xf32, #hs25>
  // Aliasable shards, one tile size: the sharded program.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: success cb=0 l1=34816 total=34816 out=34816
  %2 = ttnn.typecast %b : tensor<1x256x544xbf16, #hs32> -> tensor<1x256x544xbf16, #hs32b>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.typecast: backend_error: {{.*}} keeps the number of cores
  %3 = ttnn.typecast %b : tensor<1x256x544xbf16, #hs32> -> tensor<1x256x544xbf16, #hs16>
  return
}
