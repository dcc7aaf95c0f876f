// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.embedding of a tiled table whose rows are whole tiles: ttnn untilizes
// it with the codegen program (circular buffers), then gathers with the fused
// tilizing program (dataflow buffers); graph capture peaks the two kinds
// apart, so cb is their sum while total is the larger program's (measured on
// the mock devices; fresh draw seed 451337702 embedding #3, where the model
// took the larger: 286720).

// WH-LABEL: op constraints of @sharded
// BH-LABEL: op constraints of @sharded
func.func @sharded(%a0: tensor<2x384xui32, #ttnn.layout<row_major, dram, interleaved, u32>>, %a1: tensor<3744x1120xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.embedding: success cb=430080 l1=143360 total=430080 out=143360
  // BH: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=430080 l1=143360 total=430080 out=143360
  %r = ttnn.embedding %a0, %a1 : tensor<2x384xui32, #ttnn.layout<row_major, dram, interleaved, u32>>, tensor<3744x1120xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<2x384x1120xbf16, #ttnn.layout<l1, height_sharded, bf16, grid = 6x2, shard = 64x1120>>
  return
}

// WH-LABEL: op constraints of @dram
// BH-LABEL: op constraints of @dram
func.func @dram(%a0: tensor<1x512xui32, #ttnn.layout<row_major, dram, interleaved, u32>>, %a1: tensor<2048x512xbf16, #ttnn.layout<dram, interleaved, bf16>>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.embedding: success cb=262144 l1=0 total=131200 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.embedding: success cb=196608 l1=0 total=131200 out=0
  %r = ttnn.embedding %a0, %a1 : tensor<1x512xui32, #ttnn.layout<row_major, dram, interleaved, u32>>, tensor<2048x512xbf16, #ttnn.layout<dram, interleaved, bf16>> -> tensor<1x512x512xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}
