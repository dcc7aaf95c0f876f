// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// Binary eltwise with mixed sharded / interleaved placements (ttnn 0.81.1 binary_ng): every operand and
// the output stream through a 2-page CB, except a sharded output of L1-interleaved operands, whose CB is
// the shard. 28672x32 bf16 height sharded on 8x8: 14 tiles (28672 B) per core.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>

// CHECK-LABEL: op constraints of @mixed
func.func @mixed(%s: tensor<28672x32xbf16, #hs>, %d: tensor<28672x32xbf16, #dram>, %l: tensor<28672x32xbf16, #l1>, %row: tensor<1x32xbf16, #dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=12288 l1=28672 total=40960 out=28672
  %0 = ttnn.add %s, %d : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #dram> -> tensor<28672x32xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=12288 l1=28672 total=40960 out=28672
  %1 = ttnn.add %d, %d : tensor<28672x32xbf16, #dram>, tensor<28672x32xbf16, #dram> -> tensor<28672x32xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.multiply: success cb=8192 l1=28672 total=36864 out=28672
  %2 = ttnn.multiply %l, %l : tensor<28672x32xbf16, #l1>, tensor<28672x32xbf16, #l1> -> tensor<28672x32xbf16, #hs>
  // Sharded operands into DRAM: 896 tiles over 12 DRAM banks, nothing in L1.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=12288 l1=0 total=12288 out=0
  %3 = ttnn.add %s, %s : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #dram>
  // A broadcast row adds its 2-page CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=16384 l1=28672 total=45056 out=28672
  %4 = ttnn.add %s, %row : tensor<28672x32xbf16, #hs>, tensor<1x32xbf16, #dram> -> tensor<28672x32xbf16, #hs>
  // Sharded alike: the core-local program, no streaming CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: success cb=0 l1=28672 total=28672 out=28672
  %5 = ttnn.add %s, %s : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #hs>
  return
}
