// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.max_pool2d: ttnn 0.81.1's reshard, halo and pool programs for a
// row-major bf16 input in DRAM, sharded by the output layout's scheme; ttnn
// picks the output grid and shard (the answer's layout). ResNet-50's stem
// pool (112x112x64, 3x3 stride 2, padding 1) height sharded on Wormhole: 49
// output sticks on each of 64 cores; the halo phase holds the 196-stick
// reshard (25088 B), 443 gathered sticks (56704 B) and 128 B of config
// tensors, plus 640 B of halo scratchpad; the pool phase the halo buffer, the
// output and 16 B of reader indices under 14336 B of CBs. Figures: the
// calibration harness's mock-device ones.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#rml1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#tile = #ttnn.layout<dram, interleaved, bf16>
#hs = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 64x64>
#bs = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 8x8, shard = 64x64>
#ws = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 8x8, shard = 64x64>

// CHECK-LABEL: op constraints of @stem_pool
// STATE-LABEL: op constraints of @stem_pool (stateful)
// BH-LABEL: op constraints of @stem_pool
func.func @stem_pool(%x: tensor<1x1x12544x64xbf16, #rm>) {
  // CHECK: :[[@LINE+3]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=81920 total=82560 out=6272 layouts=[#ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 49x64>] runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=81920 total=82560 out=6272 {{.*}} allocs=[l1@1492864+6272]
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=63520 total=68112 out=3200 layouts=[#ttnn.layout<row_major, l1, height_sharded, bf16, grid = 10x13, shard = 25x64>]
  %0 = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 112 : i64, input_width = 112 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x12544x64xbf16, #rm> -> tensor<1x1x3136x64xbf16, #hs>
  return
}

// CHECK-LABEL: op constraints of @schemes
// BH-LABEL: op constraints of @schemes
func.func @schemes(%x: tensor<1x1x3136x64xbf16, #rm>, %y: tensor<1x1x196x256xbf16, #rm>) {
  // Block: 64 channels in 4 columns of 16, the sticks over 8 (Blackhole 10) rows.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=28480 total=33280 out=3136 layouts=[#ttnn.layout<row_major, l1, block_sharded, bf16, grid = 8x4, shard = 98x16>]
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=24800 total=31456 out=2528 layouts=[#ttnn.layout<row_major, l1, block_sharded, bf16, grid = 10x4, shard = 79x16>]
  %0 = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #rm> -> tensor<1x1x784x64xbf16, #bs>
  // Width: 256 channels on 16 cores of 16 channels, every stick on each.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=14112 total=23584 out=1568 layouts=[#ttnn.layout<row_major, l1, width_sharded, bf16, grid = 2x8, shard = 49x16>]
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=14112 total=23584 out=1568 layouts=[#ttnn.layout<row_major, l1, width_sharded, bf16, grid = 2x13, shard = 49x16>]
  %1 = ttnn.max_pool2d %y {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x196x256xbf16, #rm> -> tensor<1x1x49x256xbf16, #ws>
  // Height with 256 channels per core: the pool's wide CBs (2 x 12288 B).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=30720 l1=20224 total=49168 out=512 layouts=[#ttnn.layout<row_major, l1, height_sharded, bf16, grid = 7x8, shard = 1x256>]
  %2 = ttnn.max_pool2d %y {batch_size = 1 : i64, input_height = 14 : i64, input_width = 14 : i64, channels = 256 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x196x256xbf16, #rm> -> tensor<1x1x49x256xbf16, #hs>
  return
}

// CHECK-LABEL: op constraints of @not_modelled
func.func @not_modelled(%l1: tensor<1x1x3136x64xbf16, #rml1>, %t: tensor<1x1x3136x64xbf16, #tile>, %x: tensor<1x1x3136x64xbf16, #rm>) {
  // An L1 input: ttnn 0.81.1's pool program fails its CB size check under graph capture.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: backend_error: ttnn.max_pool2d: input row_major l1 interleaved bf16: ttnn 0.81.1's pool program fails its global CB size check
  %0 = ttnn.max_pool2d %l1 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #rml1> -> tensor<1x1x784x64xbf16, #hs>
  // A tiled input: the halo untilizes it.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=16640 l1=34416 total=51056 out=1664
  %1 = ttnn.max_pool2d %t {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #tile> -> tensor<1x1x784x64xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: not_implemented: ttnn.max_pool2d: output row_major l1 interleaved bf16 is not modelled: ttnn writes a row_major bf16 L1 output sharded
  %2 = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #rm> -> tensor<1x1x784x64xbf16, #rml1>
  return
}
