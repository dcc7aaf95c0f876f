// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.to_memory_config of row-major height shards into other height shards
// when the rows are not whole L1 alignment units (809 bf16 = 1618 B, 100 bf16
// = 200 B): 2 x the input shard's rows, each aligned to L1, of dataflow
// buffer and no scratchpad (measured on both mock devices: 30 rows -> cb
// 97920, 100 rows -> cb 41600; stress draw seed 962320189 to_memory_config
// #6, where the model had the row-major copy's 2 pages).

// CHECK-LABEL: op constraints of @taller
func.func @taller(%a0: tensor<1x4x224x809xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 6x5, shard = 30x809>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_memory_config: success cb=97920 l1=146880 total=244800 out=146880
  %r = ttnn.to_memory_config %a0 : tensor<1x4x224x809xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 6x5, shard = 30x809>> -> tensor<1x4x224x809xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x5, shard = 90x809>>
  return
}

// CHECK-LABEL: op constraints of @shorter
func.func @shorter(%a0: tensor<300x100xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 3x1, shard = 100x100>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_memory_config: success cb=41600 l1=12480 total=54080 out=12480
  %r = ttnn.to_memory_config %a0 : tensor<300x100xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 3x1, shard = 100x100>> -> tensor<300x100xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 1x5, shard = 60x100>>
  return
}
