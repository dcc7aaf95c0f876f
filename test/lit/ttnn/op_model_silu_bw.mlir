// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// ttnn.silu_bw: six programs in ttnn 0.81.1 (docs/op-model.md, "Composite
// ops"): the output is allocated first, then sigmoid(x) (dataflow buffers,
// 2 x 2 pages) and five binary_ng programs (circular buffers, 3 x 2 pages;
// two with a scalar page) through five temporaries placed like the output.
// cb = 12288 + 8192; l1 = output + 5 temporaries; total = 12288 of CBs with
// all six tensors live. Figures: the calibration harness's mock Wormhole ones.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#l1_f32 = #ttnn.layout<l1, interleaved, f32>
#bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>

// CHECK-LABEL: op constraints of @silu_bw
// STATE-LABEL: op constraints of @silu_bw (stateful)
func.func @silu_bw(%g: tensor<64x1024xbf16, #l1>, %x: tensor<64x1024xbf16, #dram>, %g32: tensor<64x1024xf32, #l1_f32>, %b: tensor<64x1024xbf16, #bfp8>, %s: tensor<28672x32xbf16, #hs>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.silu_bw: success cb=20480 l1=12288 total=24576 out=2048 layouts=[#ttnn.layout<l1, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+1]]:{{.*}} ttnn.silu_bw: success cb=20480 l1=12288 total=24576 out=2048 {{.*}}allocs=[l1@{{[0-9]+}}+2048]
  %0 = ttnn.silu_bw %g, %x : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
  // A DRAM output puts the temporaries in DRAM too.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu_bw: success cb=20480 l1=0 total=12288 out=0
  %1 = ttnn.silu_bw %g, %x : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // f32: the first scalar step has no bf16 tile, the second an f32 one.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu_bw: success cb=40960 l1=24576 total=49152 out=4096
  %2 = ttnn.silu_bw %g32, %g32 : tensor<64x1024xf32, #l1_f32>, tensor<64x1024xf32, #l1_f32> -> tensor<64x1024xf32, #l1_f32>
  // bfp8_b: the first scalar step (7488 B) is the largest circular-buffer
  // program.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu_bw: success cb=11840 l1=6528 total=13056 out=1088
  %3 = ttnn.silu_bw %b, %b : tensor<64x1024xbf16, #bfp8>, tensor<64x1024xbf16, #bfp8> -> tensor<64x1024xbf16, #bfp8>
  // Sharded alike: the tensors' CBs are their shards; the rsub of the scalar keeps 8 bf16 tiles and its
  // scalar tile (18432 B); l1 = output + 5 temporaries of one 448x32 shard each.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu_bw: success cb=18432 l1=172032 total=174080 out=28672
  %4 = ttnn.silu_bw %s, %s : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #hs>
  // A bf16 grad with a bfp8_b input: grad * sigmoid(x) in bf16, the rest (and the result) in bfp8_b.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.silu_bw: success cb=14720 l1=7488 total=15680 out=1088
  %5 = ttnn.silu_bw %g, %b : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #bfp8> -> tensor<64x1024xbf16, #bfp8>
  return
}
