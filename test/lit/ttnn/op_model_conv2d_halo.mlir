// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.conv2d through ttnn 0.81.1's halo and conv programs: ResNet-50's 3x3
// convs (stride 1 and 2, padding 1) and the 1x1 stride-2 downsample of a
// row-major input in DRAM, height sharded. The output ends in DRAM (out=0).
// Figures: graph captures of ttnn 0.81.1 on the mock Wormhole and Blackhole
// devices (bench/opmodel_cases_cnn.py's "conv2d" family).
//
// Stage 1's 3x3 conv (56x56, 64 -> 64) on Wormhole: 64 output pixels on each
// of 49 cores; a reshard of 8192 B, a halo buffer of 184 sticks (23552 B)
// and its configs of 128 B (l1 = 31872); the conv program's act and
// tilized-act CBs of 2 x 6 tiles (a kernel row of 3 x 64 channels), a weight
// block of 6 x 2 tiles, a bias row of 2 and a 64 B scratch CB (77888 B).
// Stateful, the output is allocated in DRAM: 34816 B per bank, as ttnn does.

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#w = #ttnn.layout<dram, interleaved, bf16>
#w8 = #ttnn.layout<dram, interleaved, bfp8_b>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 64x64>

// CHECK-LABEL: op constraints of @stage1
// STATE-LABEL: op constraints of @stage1 (stateful)
// BH-LABEL: op constraints of @stage1
func.func @stage1(%x: tensor<1x1x3136x64xbf16, #rm>, %wt: tensor<64x64x3x3xbf16, #w>, %b: tensor<1x1x1x64xbf16, #w>, %wt8: tensor<64x64x3x3xbf16, #w8>, %b8: tensor<1x1x1x64xbf16, #w8>) {
  // CHECK: :[[@LINE+3]]:{{.*}} ttnn.conv2d: success cb=77888 l1=31872 total=109648 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=77888 l1=31872 total=109648 out=0 {{.*}} allocs=[dram@{{[0-9]+}}+34816]
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=53312 l1=23712 total=76880 out=0
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #rm>, tensor<64x64x3x3xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x3136x64xbf16, #hs>
  // bfp8_b weights and bias: 14 tiles of 1088 B.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=64448 l1=31872 total=96208 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=39872 l1=23712 total=63440 out=0
  %1 = ttnn.conv2d %x, %wt8 bias %b8 {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #rm>, tensor<64x64x3x3xbf16, #w8>, tensor<1x1x1x64xbf16, #w8> -> tensor<1x1x3136x64xbf16, #hs>
  // No bias: no bias CB.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=73792 l1=31872 total=105552 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=49216 l1=23712 total=72784 out=0
  %2 = ttnn.conv2d %x, %wt {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x3136x64xbf16, #rm>, tensor<64x64x3x3xbf16, #w> -> tensor<1x1x3136x64xbf16, #hs>
  return
}

// Batch 2 and the stem-sized 112x112: act blocks of 4 and 7 tile rows, where
// ttnn splits the act block between two readers (each with its own reader
// indices: 24 B on Wormhole at batch 2, 20 B at 112x112).
// CHECK-LABEL: op constraints of @split_reader
// BH-LABEL: op constraints of @split_reader
func.func @split_reader(%x2: tensor<1x1x6272x64xbf16, #rm>, %x112: tensor<1x1x12544x64xbf16, #rm>, %wt: tensor<64x64x3x3xbf16, #w>, %b: tensor<1x1x1x64xbf16, #w>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=127040 l1=63616 total=190560 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=77888 l1=31872 total=109664 out=0
  %0 = ttnn.conv2d %x2, %wt bias %b {batch_size = 2 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x6272x64xbf16, #rm>, tensor<64x64x3x3xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x6272x64xbf16, #hs>
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=200768 l1=87136 total=287840 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=127040 l1=62592 total=189536 out=0
  %1 = ttnn.conv2d %x112, %wt bias %b {batch_size = 1 : i64, input_height = 112 : i64, input_width = 112 : i64, in_channels = 64 : i64, out_channels = 64 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : tensor<1x1x12544x64xbf16, #rm>, tensor<64x64x3x3xbf16, #w>, tensor<1x1x1x64xbf16, #w> -> tensor<1x1x12544x64xbf16, #hs>
  return
}

// Stride 2: stage 2's first 3x3 conv (56x56, 128 -> 128: 32 output pixels on
// 25 cores, 128 input pixels each) and the 1x1 stride-2 downsample of stage 2
// (56x56, 256 -> 512), which ttnn also runs through the halo.
// CHECK-LABEL: op constraints of @strided
// BH-LABEL: op constraints of @strided
func.func @strided(%x: tensor<1x1x3136x128xbf16, #rm>, %wt: tensor<128x128x3x3xbf16, #w>, %b: tensor<1x1x1x128xbf16, #w>, %y: tensor<1x1x3136x256xbf16, #rm>, %wd: tensor<512x256x1x1xbf16, #w>, %bd: tensor<1x1x1x512xbf16, #w>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=155712 l1=94608 total=225616 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=155712 l1=94608 total=225616 out=0
  %0 = ttnn.conv2d %x, %wt bias %b {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 128 : i64, out_channels = 128 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x3136x128xbf16, #rm>, tensor<128x128x3x3xbf16, #w>, tensor<1x1x1x128xbf16, #w> -> tensor<1x1x784x128xbf16, #hs>
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.conv2d: success cb=327744 l1=126528 total=421456 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.conv2d: success cb=327744 l1=126528 total=421456 out=0
  %1 = ttnn.conv2d %y, %wd bias %bd {batch_size = 1 : i64, input_height = 56 : i64, input_width = 56 : i64, in_channels = 256 : i64, out_channels = 512 : i64, kernel_size = array<i64: 1, 1>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>} : tensor<1x1x3136x256xbf16, #rm>, tensor<512x256x1x1xbf16, #w>, tensor<1x1x1x512xbf16, #w> -> tensor<1x1x784x512xbf16, #hs>
  return
}
