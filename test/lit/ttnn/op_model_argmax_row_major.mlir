// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.argmax of a row-major input: along its last dimension or all of them, ttnn 0.81.1's multi-core
// program (blocks of an input buffer alignment split over the cores; each core holds its blocks, the
// result row and every core's partial indices and values); along another dimension a tilize, then the
// tiled program (along a leading dimension its NC program and an untilize); a scalar result is one 4-byte
// page. Figures measured on the mock devices
// (bench/opmodel_cases_data.py).

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#rm_f32 = #ttnn.layout<row_major, dram, interleaved, f32>
#rm_l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#idx = #ttnn.layout<row_major, dram, interleaved, u32>
#idx_l1 = #ttnn.layout<row_major, l1, interleaved, u32>
#dram = #ttnn.layout<dram, interleaved, bf16>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>

// CHECK-LABEL: op constraints of @multi_core
// BH-LABEL: op constraints of @multi_core
func.func @multi_core(%a: tensor<160x84xf32, #rm_f32>, %b: tensor<525x542xf32, #rm_f32>, %c: tensor<64x100xbf16, #rm>) {
  // 6 blocks of 16 (Blackhole: 3 of 32) on as many cores: 2 pages of a block, the 640 B result row,
  // every core's partial indices and values.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.argmax: success cb=8448 l1=0 total=8448 out=0 {{.*}} runtime={{[1-9][0-9]*}}ns
  // BH: :[[@LINE+1]]:{{.*}} ttnn.argmax: success cb=4736 l1=0 total=4736 out=0
  %0 = ttnn.argmax %a {dim = -1 : si32} : tensor<160x84xf32, #rm_f32> -> tensor<160xui32, #idx>
  // 34 blocks of 16 capped at 32 cores (8 x 32^2 >= 2168 B), 2 blocks each; Blackhole: 17 of 32.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.argmax: success cb=137536 l1=2112 total=139648 out=2112
  // BH: :[[@LINE+1]]:{{.*}} ttnn.argmax: success cb=74176 l1=2112 total=76288 out=2112
  %1 = ttnn.argmax %b {dim = 1 : si32} : tensor<525x542xf32, #rm_f32> -> tensor<525xui32, #idx_l1>
  // All dimensions: one page of a block per core, a scalar result of one 16 B L1 page.
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.argmax: success cb=512 l1=16 total=528 out=16
  // BH: :[[@LINE+1]]:{{.*}} ttnn.argmax: success cb=352 l1=16 total=368 out=16
  %2 = ttnn.argmax %c : tensor<64x100xbf16, #rm> -> tensor<ui32, #idx_l1>
  return
}

// CHECK-LABEL: op constraints of @tilize_first
func.func @tilize_first(%a: tensor<30x100xbf16, #rm_l1>, %t: tensor<3x30x100xf32, #dram_f32>) {
  // A tilize into L1 (4 + 4 tiles, 2048 B), then the tiled program (a tile, a 400 B result row).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.argmax: success cb=16384 l1=2448 total=18832 out=400
  %0 = ttnn.argmax %a {dim = 0 : si32} : tensor<30x100xbf16, #rm_l1> -> tensor<100xui32, #idx_l1>
  // Along a leading dimension: the NC program's 2 + 2 f32 and u32 tiles of circular buffers, then an
  // untilize of 4 + 4 u32 tiles of dataflow buffers (graph capture sums the two kinds' peaks).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.argmax: success cb=49152 l1=0 total=32768 out=0
  %1 = ttnn.argmax %t {dim = 0 : si32} : tensor<3x30x100xf32, #dram_f32> -> tensor<30x100xui32, #idx>
  return
}
