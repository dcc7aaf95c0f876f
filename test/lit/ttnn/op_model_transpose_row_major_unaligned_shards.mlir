// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.transpose of an interleaved row-major tensor (or its unsharded L1 copy) into row-major shards
// whose rows are not L1-aligned: the WH, HC and CN swaps call ttnn 0.81.1's permute program directly
// (transpose.cpp, prim_permute), which writes such shards; the NH, NW and CW swaps go through
// ttnn.permute, which TT_FATALs on them. Figures measured on both mock devices (draw 406384315,
// transposes #10 and #13, and probes over 150 shapes).

// CHECK-LABEL: op constraints of @adjacent_swaps
func.func @adjacent_swaps(%a: tensor<3x3x482x160xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>, %b: tensor<577x391xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 6x7, shard = 97x56>>, %c: tensor<1x814x365xf32, #ttnn.layout<row_major, l1, interleaved, f32>>, %d: tensor<4x256x353xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // The WH swap: 32x32 blocks into 1440x41 width shards (82 B rows, 96 B a page).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=12288 l1=138240 total=150528 out=138240
  %0 = ttnn.transpose %a {dim0 = -2 : si32, dim1 = -1 : si32} : tensor<3x3x482x160xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>> -> tensor<3x3x160x482xbf16, #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 4x3, shard = 1440x41>>
  // The WH swap of a block-sharded input of partial tiles: copied to L1 interleaved first.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.transpose: success cb=12288 l1=46912 total=59200 out=39072
  // BH: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=12288 l1=42992 total=55280 out=39072
  %1 = ttnn.transpose %b {dim0 = -2 : si32, dim1 = -1 : si32} : tensor<577x391xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 6x7, shard = 97x56>> -> tensor<391x577xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 6x2, shard = 66x289>>
  // The HC swap: rows into 53x163 block shards (652 B rows).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=24576 l1=34768 total=59344 out=34768
  %2 = ttnn.transpose %c {dim0 = 1 : si32, dim1 = 2 : si32} : tensor<1x814x365xf32, #ttnn.layout<row_major, l1, interleaved, f32>> -> tensor<1x365x814xf32, #ttnn.layout<row_major, l1, block_sharded, f32, grid = 7x5, shard = 53x163>>
  // The HC swap of a rank-3 tensor (dims 0 and 1), rows aligned to DRAM: 90 B rows of 45 bf16.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.transpose: success cb=1472 l1=98304 total=99776 out=98304
  // BH: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=1536 l1=98304 total=99840 out=98304
  %3 = ttnn.transpose %d {dim0 = 0 : si32, dim1 = 1 : si32} : tensor<4x256x353xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<256x4x353xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 1x8, shard = 1024x45>>
  return
}

// CHECK-LABEL: op constraints of @through_permute
func.func @through_permute(%a: tensor<3x1x993x96xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // CW (dims 1 and 3) is ttnn.permute, which checks the 2 B shard rows first.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: backend_error: ttnn.transpose: the output's shard rows of 2 B are not L1-aligned
  %0 = ttnn.transpose %a {dim0 = 1 : si32, dim1 = 3 : si32} : tensor<3x1x993x96xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<3x96x993x1xbf16, #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 3x1, shard = 95328x1>>
  return
}
