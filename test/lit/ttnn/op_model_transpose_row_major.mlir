// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.transpose of a row-major tensor: ttnn 0.81.1 sends interleaved row-major tensors to its row-major
// permute programs (rows when the last dimension stays, else 32x32 blocks); a width-sharded input of
// partial tiles is first copied to L1 interleaved.
// Figures measured on the mock devices (bench/opmodel_cases_data.py).

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#rm_l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#rm_f32 = #ttnn.layout<row_major, dram, interleaved, f32>
#rm_l1_f32 = #ttnn.layout<row_major, l1, interleaved, f32>
#rm_ws_f32 = #ttnn.layout<row_major, l1, width_sharded, f32, grid = 8x2, shard = 471x8>

// CHECK-LABEL: op constraints of @row_major
func.func @row_major(%a: tensor<4x2x192x320xbf16, #rm_l1>, %b: tensor<3x3x256x544xbf16, #rm_l1>, %c: tensor<1x356x893xf32, #rm_f32>, %w: tensor<1x1x471x128xf32, #rm_ws_f32>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=12288 l1=15360 total=27648 out=15360
  %0 = ttnn.transpose %a {dim0 = -1 : si32, dim1 = -2 : si32} : tensor<4x2x192x320xbf16, #rm_l1> -> tensor<4x2x320x192xbf16, #rm_l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=2176 l1=39168 total=41344 out=39168
  %1 = ttnn.transpose %b {dim0 = -3 : si32, dim1 = 2 : si32} : tensor<3x3x256x544xbf16, #rm_l1> -> tensor<3x256x3x544xbf16, #rm_l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=24576 l1=19936 total=44512 out=19936
  %2 = ttnn.transpose %c {dim0 = -2 : si32, dim1 = -1 : si32} : tensor<1x356x893xf32, #rm_f32> -> tensor<1x893x356xf32, #rm_l1_f32>
  // The copy to L1 interleaved (4096 B) is live beside the result.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.transpose: success cb=24576 l1=7872 total=32448 out=3776
  %3 = ttnn.transpose %w {dim0 = -2 : si32, dim1 = -1 : si32} : tensor<1x1x471x128xf32, #rm_ws_f32> -> tensor<1x1x128x471xf32, #rm_l1_f32>
  return
}
