// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.pad: ttnn 0.81.1's pad program (one 2-page CB, the pad value's tile in a scratchpad), after its
// fill-pad program for inputs that are not whole tiles; bfp8_b through bf16 typecasts. Figures measured
// on the mock devices (bench/opmodel_cases_data.py).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram_f32 = #ttnn.layout<dram, interleaved, f32>
#dram_bfp8 = #ttnn.layout<dram, interleaved, bfp8_b>
#l1_bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @pad
func.func @pad(%a: tensor<64x1024xbf16, #dram>, %f: tensor<64x1024xf32, #dram_f32>) {
  // total = 4096 of CB + the 2048 B tile of the pad value.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=4096 l1=0 total=6144 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime={{[1-9][0-9]*}}ns
  %0 = ttnn.pad %a {padding = array<i64: 0, 32, 0, 0>} : tensor<64x1024xbf16, #dram> -> tensor<96x1024xbf16, #dram>
  // 69x1024 is 3 x 32 tiles: 2 per L1 bank.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=4096 l1=4096 total=10240 out=4096
  %1 = ttnn.pad %a {padding = array<i64: 0, 5, 0, 0>, value = 1.0 : f64} : tensor<64x1024xbf16, #dram> -> tensor<69x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=8192 l1=0 total=12288 out=0
  %2 = ttnn.pad %f {padding = array<i64: 0, 0, 0, 32>} : tensor<64x1024xf32, #dram_f32> -> tensor<64x1056xf32, #dram_f32>
  // Nothing to pad: the input itself.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=0 l1=0 total=0 out=0 {{.*}} runtime=0ns
  %3 = ttnn.pad %a {padding = array<i64: 0, 0, 0, 0>} : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: backend_error: ttnn.pad: dimension 0 is padded at the front (32); ttnn 0.81.1 pads tiled tensors at the back only
  %4 = ttnn.pad %a {padding = array<i64: 32, 0, 0, 0>} : tensor<64x1024xbf16, #dram> -> tensor<96x1024xbf16, #dram>
  return
}

// CHECK-LABEL: op constraints of @fill_pad
func.func @fill_pad(%u: tensor<30x50xbf16, #dram>, %v: tensor<2x30x50xbf16, #dram>) {
  // The fill-pad program's 6 tiles (12288 B) are still allocated when the pad program's output is.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=12288 l1=2048 total=14336 out=2048
  %0 = ttnn.pad %u {padding = array<i64: 0, 32, 0, 0>} : tensor<30x50xbf16, #dram> -> tensor<62x50xbf16, #l1>
  // 30 -> 32 rows stays in the input's tiles: the fill-pad program alone, in place.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=12288 l1=0 total=12288 out=0
  %1 = ttnn.pad %v {padding = array<i64: 0, 0, 0, 2, 0, 0>} : tensor<2x30x50xbf16, #dram> -> tensor<2x32x50xbf16, #dram>
  // Asked for L1, ttnn returns the refilled DRAM input all the same: the answer's layout says so.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=12288 l1=0 total=12288 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>]
  %2 = ttnn.pad %v {padding = array<i64: 0, 0, 0, 2, 0, 0>} : tensor<2x30x50xbf16, #dram> -> tensor<2x32x50xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @block_float
func.func @block_float(%b: tensor<64x1024xbf16, #dram_bfp8>) {
  // typecast (2176 + 4096 B) -> pad in bf16 -> typecast; bf16 temporaries of 2048 and 4096 B in L1.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pad: success cb=6272 l1=6272 total=12544 out=2176
  %0 = ttnn.pad %b {padding = array<i64: 0, 32, 0, 0>} : tensor<64x1024xbf16, #dram_bfp8> -> tensor<96x1024xbf16, #l1_bfp8>
  return
}
