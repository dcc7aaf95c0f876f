// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.concat of row-major width shards along the last dimension into an interleaved output (ttnn
// 0.81.1, measured on both mock devices): concat.cpp's alignment check reads the padded last dimension
// (rows padded to whole shards: 256 columns in 18-column shards are 270, 540 B: transposed first, not
// modelled); the device op then copies the shards interleaved and checks the copies' unpadded rows
// against their buffer's alignment (concat_device_operation.cpp:584, TT_FATAL: 100 columns in 24-column
// shards are 200 B; 72 columns, 144 B, into DRAM).

#ws18 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 5x3, shard = 1688x18>
#ws24 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x5, shard = 200x24>
#ws72 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x3, shard = 128x24>
#dram = #ttnn.layout<row_major, dram, interleaved, bf16>
#l1 = #ttnn.layout<row_major, l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @padded_rows
func.func @padded_rows(%a: tensor<2x844x256xbf16, #ws18>, %b: tensor<2x100x100xbf16, #ws24>, %c: tensor<2x64x72xbf16, #ws72>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: not_implemented:
  %0 = ttnn.concat %a, %a {dim = 2 : si32} : tensor<2x844x256xbf16, #ws18>, tensor<2x844x256xbf16, #ws18> -> tensor<2x844x512xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: {{.*}}concatenates 200 B rows, not whole units of its alignment
  %1 = ttnn.concat %b, %b {dim = 2 : si32} : tensor<2x100x100xbf16, #ws24>, tensor<2x100x100xbf16, #ws24> -> tensor<2x100x200xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: {{.*}}concatenates 144 B rows, not whole units of its alignment
  %2 = ttnn.concat %c, %c {dim = 2 : si32} : tensor<2x64x72xbf16, #ws72>, tensor<2x64x72xbf16, #ws72> -> tensor<2x64x144xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=576
  %3 = ttnn.concat %c, %c {dim = 2 : si32} : tensor<2x64x72xbf16, #ws72>, tensor<2x64x72xbf16, #ws72> -> tensor<2x64x144xbf16, #l1>
  return
}
