// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.concat of rank-1 row-major L1 shards of whole alignment units into shards (ttnn 0.81.1, measured
// alike on both mock devices): the device op takes the output on the inputs' scheme and grid, height or
// block shards only (the rank-1 dimension is the last; TT_FATAL); height shards run the default concat
// program (the s2s programs need rank 2): 2 output rows of CB, aligned.

#hs688 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x1, shard = 1x688>
#hs1376 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x1, shard = 1x1376>
#hs64 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x1, shard = 1x64>
#hs192 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x1, shard = 1x192>
#ws128 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x4, shard = 1x128>
#ws256 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x4, shard = 1x256>
#ws3 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x3, shard = 1x64>

// CHECK-LABEL: op constraints of @rank1_row_shards
func.func @rank1_row_shards(%a: tensor<688xbf16, #hs688>, %b: tensor<64xbf16, #hs64>, %c: tensor<512xbf16, #ws128>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=5504 l1=2752 total=8256 out=2752
  %0 = ttnn.concat %a, %a {dim = 0 : si32} : tensor<688xbf16, #hs688>, tensor<688xbf16, #hs688> -> tensor<1376xbf16, #hs1376>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=768 l1=384 total=1152 out=384
  %1 = ttnn.concat %b, %b, %b {dim = 0 : si32} : tensor<64xbf16, #hs64>, tensor<64xbf16, #hs64>, tensor<64xbf16, #hs64> -> tensor<192xbf16, #hs192>
  // Width shards (concat_device_operation.cpp:215) and another scheme (:203): TT_FATAL.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: {{.*}}height or block scheme and grid
  %2 = ttnn.concat %c, %c {dim = 0 : si32} : tensor<512xbf16, #ws128>, tensor<512xbf16, #ws128> -> tensor<1024xbf16, #ws256>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: {{.*}}height or block scheme and grid
  %3 = ttnn.concat %b, %b, %b {dim = 0 : si32} : tensor<64xbf16, #hs64>, tensor<64xbf16, #hs64>, tensor<64xbf16, #hs64> -> tensor<192xbf16, #ws3>
  return
}
