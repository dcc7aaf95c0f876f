// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// max_pool2d of a tiled input whose channels are not whole tiles (ttnn 0.81.1, mock-device
// figures, 1x64x64 3x3 stride 2 padding 1, height sharded): the reshard, halo and pool CBs take
// whole tiles of channels (40 -> 64), the output keeps a core's channels when they are whole
// 16-channel units (48; 8 -> 16) and pads them to a tile otherwise (40 -> 64). Were not_implemented;
// padding 48 to 64 too gave a wrong output size (fresh draw seed 678006966: 1x80x97x48).

#tile = #ttnn.layout<dram, interleaved, bf16>
#hs40 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 16x40>
#hs48 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 16x48>
#hs8 = #ttnn.layout<row_major, l1, height_sharded, bf16, grid = 8x8, shard = 16x8>

// CHECK-LABEL: op constraints of @channels_40
// BH-LABEL: op constraints of @channels_40
func.func @channels_40(%x: tensor<1x1x4096x40xbf16, #tile>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=16640 l1=29456 total=46096 out=2048
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=16640 l1=23312 total=39952 out=1024
  %0 = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 64 : i64, input_width = 64 : i64, channels = 40 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x4096x40xbf16, #tile> -> tensor<1x1x1024x40xbf16, #hs40>
  return
}

// CHECK-LABEL: op constraints of @channels_48
// BH-LABEL: op constraints of @channels_48
func.func @channels_48(%x: tensor<1x1x4096x48xbf16, #tile>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=16640 l1=29456 total=46096 out=1536
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=16640 l1=23312 total=39952 out=768
  %0 = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 64 : i64, input_width = 64 : i64, channels = 48 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x4096x48xbf16, #tile> -> tensor<1x1x1024x48xbf16, #hs48>
  return
}

// CHECK-LABEL: op constraints of @channels_8
// BH-LABEL: op constraints of @channels_8
func.func @channels_8(%x: tensor<1x1x4096x8xbf16, #tile>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=14800 total=25424 out=512
  // BH: :[[@LINE+1]]:{{.*}} ttnn.max_pool2d: success cb=14336 l1=11728 total=24144 out=256
  %0 = ttnn.max_pool2d %x {batch_size = 1 : i64, input_height = 64 : i64, input_width = 64 : i64, channels = 8 : i64, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x4096x8xbf16, #tile> -> tensor<1x1x1024x8xbf16, #hs8>
  return
}
