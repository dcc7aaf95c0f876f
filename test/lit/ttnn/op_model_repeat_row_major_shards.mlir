// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.repeat of row-major shards that do not hold whole rows of the tensor: ttnn 0.81.1 copies the input to
// DRAM interleaved first (to_memory_config), then runs the codegen route's row-major legs with DRAM
// intermediates (measured on both mock devices; fresh draw seed 71001). Shards of whole rows: op_model_repeat_row_major_sharded_routes.mlir.

// CHECK-LABEL: op constraints of @partial_row_shards
func.func @partial_row_shards(%a: tensor<521x192xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 131x192>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=12288 l1=26112 total=38400 out=26112
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=12288 l1=13824 total=26112 out=13824
  %0 = ttnn.repeat %a {repeats = array<i64: 2, 4>} : tensor<521x192xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 4x1, shard = 131x192>> -> tensor<1042x768xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  return
}
