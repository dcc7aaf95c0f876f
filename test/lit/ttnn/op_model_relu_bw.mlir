// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// ttnn.relu_bw: two programs in ttnn 0.81.1, x > 0 into a temporary placed
// like the output (dataflow buffers: 2 x 2 pages), then grad * it (circular
// buffers: 3 x 2 pages). cb = the two kinds' peaks added (8192 + 12288), l1 =
// temporary + output, total = the multiply's CBs + both tensors (16384).
// Figures: the calibration harness's mock-device ones.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>

// CHECK-LABEL: op constraints of @relu_bw
// STATE-LABEL: op constraints of @relu_bw (stateful)
func.func @relu_bw(%g: tensor<64x1024xbf16, #l1>, %x: tensor<64x1024xbf16, #dram>, %b: tensor<64x1024xbf16, #bfp8>, %s: tensor<28672x32xbf16, #hs>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.relu_bw: success cb=20480 l1=4096 total=16384 out=2048 layouts=[#ttnn.layout<l1, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+1]]:{{.*}} ttnn.relu_bw: success cb=20480 l1=4096 total=16384 out=2048 {{.*}} allocs=[l1@1497088+2048]
  %0 = ttnn.relu_bw %g, %x : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
  // A DRAM output puts the temporary in DRAM too.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu_bw: success cb=20480 l1=0 total=12288 out=0
  %1 = ttnn.relu_bw %g, %x : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu_bw: success cb=10880 l1=2176 total=8704 out=1088
  %2 = ttnn.relu_bw %b, %b : tensor<64x1024xbf16, #bfp8>, tensor<64x1024xbf16, #bfp8> -> tensor<64x1024xbf16, #bfp8>
  // Sharded alike: every CB is a shard; the temporary is a second shard.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu_bw: success cb=0 l1=57344 total=57344 out=28672
  %3 = ttnn.relu_bw %s, %s : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #hs>
  // Shards into L1: both programs stream (8192 + 12288 B), temporary and output interleaved in L1.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu_bw: success cb=20480 l1=57344 total=69632 out=28672
  %4 = ttnn.relu_bw %s, %s : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #l1>
  return
}
