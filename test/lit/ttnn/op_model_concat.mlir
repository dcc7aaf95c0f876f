// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn.concat of interleaved inputs: one 2-page CB in the output's tile format
// (ttnn 0.81.1), whatever the inputs. Sharded inputs: op_model_concat_sharded.mlir.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dramf32 = #ttnn.layout<dram, interleaved, f32>
#l1f32 = #ttnn.layout<l1, interleaved, f32>
#l1bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @concat
func.func @concat(%a: tensor<64x1024xbf16, #dram>, %b: tensor<64x1024xbf16, #dram>) {
  // DRAM in and out: 256 tiles x 2048 B read and written at 288 B/ns + 2 us launch = 3821 ns.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=4096 l1=0 total=4096 out=0 layouts=[#ttnn.layout<dram, interleaved, bf16>] runtime=3821ns
  %0 = ttnn.concat %a, %b {dim = 1 : si32} : tensor<64x1024xbf16, #dram>, tensor<64x1024xbf16, #dram> -> tensor<64x2048xbf16, #dram>
  // 128 output tiles over 64 L1 banks: 2 tiles per bank.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=4096 l1=4096 total=8192 out=4096
  %1 = ttnn.concat %a, %b {dim = -1 : si32} : tensor<64x1024xbf16, #dram>, tensor<64x1024xbf16, #dram> -> tensor<64x2048xbf16, #l1>
  return
}

// CHECK-LABEL: op constraints of @formats
func.func @formats(%a: tensor<64x1024xf32, #l1f32>, %b: tensor<64x1024xbf16, #dram>, %c: tensor<64x1024xbf16, #l1bfp8>) {
  // Three f32 inputs: a 2-page f32 CB; 192 tiles, 3 per bank of 4096 B.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=8192 l1=12288 total=20480 out=12288
  %0 = ttnn.concat %a, %a, %a {dim = 0 : si32} : tensor<64x1024xf32, #l1f32>, tensor<64x1024xf32, #l1f32>, tensor<64x1024xf32, #l1f32> -> tensor<192x1024xf32, #l1f32>
  // bfp8_b: 1088-B tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: success cb=2176 l1=2176 total=4352 out=2176
  %1 = ttnn.concat %c, %c {dim = 0 : si32} : tensor<64x1024xbf16, #l1bfp8>, tensor<64x1024xbf16, #l1bfp8> -> tensor<128x1024xbf16, #l1bfp8>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.concat: backend_error: ttnn.concat: input 0 is f32 but the output is bf16 (convert with ttnn.typecast)
  %2 = ttnn.concat %a, %b {dim = 0 : si32} : tensor<64x1024xf32, #l1f32>, tensor<64x1024xbf16, #dram> -> tensor<128x1024xbf16, #dram>
  return
}
