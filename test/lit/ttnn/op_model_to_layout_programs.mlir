// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.to_layout between interleaved tensors: ttnn 0.81.1's program selection (tilize.cpp,
// tilize_with_val_padding.cpp, untilize.cpp, untilize_with_unpadding.cpp and their device operations;
// figures measured on the mock devices).

// CHECK-LABEL: op constraints of @unpadding_untilize
func.func @unpadding_untilize(%c0_0: tensor<3x640x553xbf16, #ttnn.layout<l1, interleaved, bf16>>, %c1_0: tensor<3x66x1952xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, %c2_0: tensor<5077xbf16, #ttnn.layout<l1, interleaved, bfp8_b>>, %c3_0: tensor<128x5939xbf16, #ttnn.layout<dram, interleaved, bfp8_b>>) {
  // A shape that is not a tile multiple: untilize with unpadding, one row of Wt = 18 tile pairs.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_layout: success cb=73728 l1=33600 total=107328 out=33600
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=73728 l1=16800 total=90528 out=16800
  %0 = ttnn.to_layout %c0_0 : tensor<3x640x553xbf16, #ttnn.layout<l1, interleaved, bf16>> -> tensor<3x640x553xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // Wide rows on few tile rows: its block program, square blocks and a cliff column, both sets counted.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_layout: success cb=9408 l1=15616 total=25024 out=15616
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=9408 l1=7808 total=17216 out=7808
  %1 = ttnn.to_layout %c1_0 : tensor<3x66x1952xbf16, #ttnn.layout<l1, interleaved, bfp8_b>> -> tensor<3x66x1952xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=9408 l1=10160 total=19568 out=10160
  %2 = ttnn.to_layout %c2_0 : tensor<5077xbf16, #ttnn.layout<l1, interleaved, bfp8_b>> -> tensor<5077xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_layout: success cb=18816 l1=23776 total=42592 out=23776
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=9408 l1=11888 total=21296 out=11888
  %3 = ttnn.to_layout %c3_0 : tensor<128x5939xbf16, #ttnn.layout<dram, interleaved, bfp8_b>> -> tensor<128x5939xbf16, #ttnn.layout<row_major, l1, interleaved, bf16>>
  return
}

// CHECK-LABEL: op constraints of @native_untilize
func.func @native_untilize(%c0_0: tensor<1x96x864xf32, #ttnn.layout<dram, interleaved, f32>>, %c1_0: tensor<455x512xf32, #ttnn.layout<l1, interleaved, f32>>) {
  // f32 (no codegen program): Wt = 27 pairs on 3 tile rows.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_layout: success cb=221184 l1=6912 total=228096 out=6912
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=221184 l1=3456 total=224640 out=3456
  %0 = ttnn.to_layout %c0_0 : tensor<1x96x864xf32, #ttnn.layout<dram, interleaved, f32>> -> tensor<1x96x864xf32, #ttnn.layout<row_major, l1, interleaved, f32>>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=131072 l1=0 total=131072 out=0
  %1 = ttnn.to_layout %c1_0 : tensor<455x512xf32, #ttnn.layout<l1, interleaved, f32>> -> tensor<455x512xf32, #ttnn.layout<row_major, dram, interleaved, f32>>
  return
}

// CHECK-LABEL: op constraints of @tilize_with_value_padding
func.func @tilize_with_value_padding(%c0_0: tensor<2x128x6209xf32, #ttnn.layout<row_major, dram, interleaved, f32>>, %c1_0: tensor<154x6400xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>, %c2_0: tensor<168x1984xf32, #ttnn.layout<row_major, l1, interleaved, f32>>, %c3_0: tensor<3x248x2720xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) {
  // Padded shapes tilize with value padding: its block program for wide rows on few tile rows (a staging
  // scratchpad per buffer set), batched shapes too.
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_layout: success cb=57344 l1=102400 total=160768 out=102400
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=57344 l1=49152 total=107648 out=49152
  %0 = ttnn.to_layout %c0_0 : tensor<2x128x6209xf32, #ttnn.layout<row_major, dram, interleaved, f32>> -> tensor<2x128x6209xf32, #ttnn.layout<l1, interleaved, f32>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_layout: success cb=20480 l1=32768 total=53632 out=32768
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=16384 l1=16384 total=33152 out=16384
  %1 = ttnn.to_layout %c1_0 : tensor<154x6400xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<154x6400xbf16, #ttnn.layout<l1, interleaved, bf16>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_layout: success cb=40960 l1=24576 total=66304 out=24576
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=16384 l1=12288 total=29056 out=12288
  %2 = ttnn.to_layout %c2_0 : tensor<168x1984xf32, #ttnn.layout<row_major, l1, interleaved, f32>> -> tensor<168x1984xf32, #ttnn.layout<l1, interleaved, f32>>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.to_layout: success cb=20480 l1=0 total=20928 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.to_layout: success cb=16384 l1=0 total=16896 out=0
  %3 = ttnn.to_layout %c3_0 : tensor<3x248x2720xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<3x248x2720xbf16, #ttnn.layout<dram, interleaved, bf16>>
  return
}
