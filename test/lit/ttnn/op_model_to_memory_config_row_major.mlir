// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// to_memory_config (ttnn 0.81.1, both mock devices): the same placement returns the input; row-major
// tensors move through ttnn's copy program (2 rows aligned to the output buffer's alignment, one row in a
// scratchpad) or, for shards of aligned rows, interleaved_to_sharded (its staging scratchpad: 4 x
// align(shard row + DRAM alignment, DRAM alignment); the DRAM alignment is 32 B on Wormhole, 64 on
// Blackhole).

#l1 = #ttnn.layout<l1, interleaved, bf16>
#rmdram = #ttnn.layout<row_major, dram, interleaved, bf16>
#rml1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#rmhs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x1, shard = 32x64>
#rmbs = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 4x8, shard = 8x16>

// WH-LABEL: op constraints of @moves
// BH-LABEL: op constraints of @moves
func.func @moves(%t: tensor<64x64xbf16, #l1>, %d: tensor<64x100xbf16, #rmdram>, %l: tensor<64x100xbf16, #rml1>, %e: tensor<256x64xbf16, #rmdram>, %s: tensor<32x128xbf16, #rml1>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_memory_config: success cb=0 l1=0 total=0 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_memory_config: success cb=0 l1=0 total=0 out=0
  %0 = ttnn.to_memory_config %t : tensor<64x64xbf16, #l1> -> tensor<64x64xbf16, #l1>
  // 200 B rows: 208 B pages in L1.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_memory_config: success cb=416 l1=208 total=824 out=208
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_memory_config: success cb=416 l1=208 total=824 out=208
  %1 = ttnn.to_memory_config %d : tensor<64x100xbf16, #rmdram> -> tensor<64x100xbf16, #rml1>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_memory_config: success cb=448 l1=0 total=648 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_memory_config: success cb=512 l1=0 total=712 out=0
  %2 = ttnn.to_memory_config %l : tensor<64x100xbf16, #rml1> -> tensor<64x100xbf16, #rmdram>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_memory_config: success cb=0 l1=4096 total=4736 out=4096
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_memory_config: success cb=0 l1=4096 total=4864 out=4096
  %3 = ttnn.to_memory_config %e : tensor<256x64xbf16, #rmdram> -> tensor<256x64xbf16, #rmhs>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_memory_config: success cb=0 l1=256 total=512 out=256
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_memory_config: success cb=0 l1=256 total=768 out=256
  %4 = ttnn.to_memory_config %s : tensor<32x128xbf16, #rml1> -> tensor<32x128xbf16, #rmbs>
  return
}
