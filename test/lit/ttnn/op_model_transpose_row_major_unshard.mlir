// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.transpose of row-major block shards of partial tiles: ttnn first
// copies the input to an interleaved L1 tensor with to_memory_config's
// program, whose 206 B shard rows (103 bf16, not whole 16 B units) take two
// aligned rows of dataflow buffer and a shard row of scratchpad; the model
// had left that scratchpad out of the total. Figures: the mock devices
// (audit draw seed 371450283, transpose #10).

#bs = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 3x7, shard = 768x103>
#l1 = #ttnn.layout<row_major, l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @outer_swap
// BH-LABEL: op constraints of @outer_swap
func.func @outer_swap(%a: tensor<1x4x576x715xbf16, #bs>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.transpose: success cb=2880 l1=103680 total=106766 out=51840
  // BH: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=2880 l1=51840 total=54926 out=25920
  %r = ttnn.transpose %a {dim0 = 0 : si32, dim1 = 1 : si32} : tensor<1x4x576x715xbf16, #bs> -> tensor<4x1x576x715xbf16, #l1>
  return
}
