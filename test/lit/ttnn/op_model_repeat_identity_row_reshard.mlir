// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.repeat repeating nothing is ttnn's to_memory_config; between row-major shards it is
// to_memory_config's row-major model (rowMajorMove), not a not_implemented reshard (measured on both
// mock devices; stress draw seed 650175627 repeat #4, #7).

// Shard rows that are not whole L1 units: the copy program (2 aligned output shard rows of 52 B,
// the input shard row of 2032 B as scratchpad), after a sharded_to_interleaved into DRAM.
// CHECK-LABEL: op constraints of @copy_program
func.func @copy_program(%a: tensor<1x87x1016xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 3x3, shard = 10x1016>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=128 l1=5568 total=7728 out=5568
  %0 = ttnn.repeat %a {repeats = array<i64: 1, 1, 1>} : tensor<1x87x1016xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 3x3, shard = 10x1016>> -> tensor<1x87x1016xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 5x8, shard = 87x26>>
  return
}

// Equal shard widths of 6 B: the copy program from the shards directly.
// CHECK-LABEL: op constraints of @same_width
func.func @same_width(%a: tensor<4x2x638x6xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x2, shard = 5104x3>>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=32 l1=81664 total=81702 out=81664
  %0 = ttnn.repeat %a {repeats = array<i64: 1, 1, 1, 1>} : tensor<4x2x638x6xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x2, shard = 5104x3>> -> tensor<4x2x638x6xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x2, shard = 5104x3>>
  return
}

// Aligned shard rows into another scheme of another width: through DRAM and
// interleaved_to_sharded (4 staging slots of scratchpad, DRAM-aligned).
// CHECK-LABEL: op constraints of @through_dram
func.func @through_dram(%a: tensor<300x96xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 2x3, shard = 300x16>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.repeat: success cb=0 l1=5760 total=6656 out=5760
  // BH: :[[@LINE+1]]:{{.*}} ttnn.repeat: success cb=0 l1=5760 total=6784 out=5760
  %0 = ttnn.repeat %a {repeats = array<i64: 1, 1>} : tensor<300x96xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 2x3, shard = 300x16>> -> tensor<300x96xbf16, #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 2x5, shard = 30x96>>
  return
}
