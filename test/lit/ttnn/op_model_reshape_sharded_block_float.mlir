// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.reshape of sharded bfp8_b tensors: from shards into an interleaved result, the typecast to bf16
// in the input's shards (held to the end); into shards, interleaved tensors throughout and the result
// sharded last. Figures measured on the mock devices (bench/opmodel_random.py draws, seed 58213).

#dram_b = #ttnn.layout<dram, interleaved, bfp8_b>
#l1_b = #ttnn.layout<l1, interleaved, bfp8_b>
#bs_b = #ttnn.layout<l1, block_sharded, bfp8_b, grid = 1x4, shard = 1536x64>
#ws_b = #ttnn.layout<l1, width_sharded, bfp8_b, grid = 1x1, shard = 960x96>

// CHECK-LABEL: op constraints of @from_shards
// BH-LABEL: op constraints of @from_shards
func.func @from_shards(%a: tensor<3x4x128x256xbf16, #bs_b>) {
  // The bf16 copy in the input's shards (96 tiles a core), the typecasts' 2 + 2 pages.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=6272 l1=196608 total=202880 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=6272 l1=196608 total=202880 out=0
  %0 = ttnn.reshape %a {shape = array<i64: 16, 3, 32, 256>} : tensor<3x4x128x256xbf16, #bs_b> -> tensor<16x3x32x256xbf16, #dram_b>
  return
}

// CHECK-LABEL: op constraints of @into_shards
// BH-LABEL: op constraints of @into_shards
func.func @into_shards(%a: tensor<1x942x94xbf16, #l1_b>) {
  // At the sharding copy: the bf16 input copy and the interleaved bfp8_b result beside the shards; the
  // fill-pad's 6 tiles of CBs.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.reshape: success cb=12288 l1=104192 total=110464 out=97920
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=12288 l1=101056 total=107328 out=97920
  %0 = ttnn.reshape %a {shape = array<i64: 2, 1, 471, 94>} : tensor<1x942x94xbf16, #l1_b> -> tensor<2x1x471x94xbf16, #ws_b>
  return
}
