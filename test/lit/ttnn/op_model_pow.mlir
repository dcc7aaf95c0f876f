// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STATE
// ttnn.pow_scalar runs ttnn 0.81.1's unary program (2 CBs of 2 pages);
// ttnn.pow_tensor is binary_ng (3 CBs, a 4th when an operand is broadcast
// within tiles). Figures: the calibration harness's mock-device ones.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dramf32 = #ttnn.layout<dram, interleaved, f32>
#l1f32 = #ttnn.layout<l1, interleaved, f32>
#bfp8 = #ttnn.layout<l1, interleaved, bfp8_b>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>
#drambfp8 = #ttnn.layout<dram, interleaved, bfp8_b>

// CHECK-LABEL: op constraints of @pow_scalar
// STATE-LABEL: op constraints of @pow_scalar (stateful)
func.func @pow_scalar(%a: tensor<64x1024xbf16, #l1>, %f: tensor<64x1024xf32, #dramf32>, %s: tensor<28672x32xbf16, #hs>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.pow_scalar: success cb=8192 l1=2048 total=10240 out=2048 {{.*}} runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=8192 l1=2048 total=10240 out=2048 {{.*}} allocs=[l1@1497088+2048]
  %0 = ttnn.pow_scalar %a {exponent = 2.0 : f64} : tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=16384 l1=0 total=16384 out=0
  %1 = ttnn.pow_scalar %f {exponent = 0.5 : f64} : tensor<64x1024xf32, #dramf32> -> tensor<64x1024xf32, #dramf32>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=0 l1=28672 total=28672 out=28672
  %2 = ttnn.pow_scalar %s {exponent = 3.0 : f64} : tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #hs>
  return
}

// CHECK-LABEL: op constraints of @pow_tensor
// STATE-LABEL: op constraints of @pow_tensor (stateful)
func.func @pow_tensor(%a: tensor<64x1024xbf16, #l1>, %r: tensor<1x1024xbf16, #l1>, %b: tensor<64x1024xbf16, #drambfp8>, %s: tensor<28672x32xbf16, #hs>, %c: tensor<1x1000xbf16, #l1>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.pow_tensor: success cb=12288 l1=2048 total=14336 out=2048 {{.*}} runtime={{[1-9][0-9]*}}ns
  // STATE: :[[@LINE+1]]:{{.*}} ttnn.pow_tensor: success cb=12288 l1=2048 total=14336 out=2048 {{.*}} allocs=[l1@1497088+2048]
  %0 = ttnn.pow_tensor %a, %a : tensor<64x1024xbf16, #l1>, tensor<64x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // A row exponent broadcast over the rows: one more 2-page CB.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_tensor: success cb=16384 l1=2048 total=18432 out=2048
  %1 = ttnn.pow_tensor %a, %r : tensor<64x1024xbf16, #l1>, tensor<1x1024xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_tensor: success cb=6528 l1=0 total=6528 out=0
  %2 = ttnn.pow_tensor %b, %b : tensor<64x1024xbf16, #drambfp8>, tensor<64x1024xbf16, #drambfp8> -> tensor<64x1024xbf16, #drambfp8>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_tensor: success cb=0 l1=28672 total=28672 out=28672
  %3 = ttnn.pow_tensor %s, %s : tensor<28672x32xbf16, #hs>, tensor<28672x32xbf16, #hs> -> tensor<28672x32xbf16, #hs>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_tensor: backend_error: ttnn.pow_tensor: operand shapes 64x1024 and 1x1000 are not broadcast-compatible
  %4 = ttnn.pow_tensor %a, %c : tensor<64x1024xbf16, #l1>, tensor<1x1000xbf16, #l1> -> tensor<64x1024xbf16, #l1>
  return
}

#l1_one = #ttnn.layout<l1, interleaved, bf16>
#hs_one = #ttnn.layout<l1, height_sharded, bf16, grid = 1x8, shard = 32x64>

// x ** 1 is ttnn's copy (CopyDeviceOperation): one 2-page CB of the input's tiles, sharded output too.
// CHECK-LABEL: op constraints of @pow_one
func.func @pow_one(%a: tensor<256x64xbf16, #l1_one>, %s: tensor<256x64xbf16, #hs_one>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=4096 l1=2048 total=6144 out=2048
  %0 = ttnn.pow_scalar %a {exponent = 1.0 : f64} : tensor<256x64xbf16, #l1_one> -> tensor<256x64xbf16, #l1_one>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=4096 l1=4096 total=8192 out=4096
  %1 = ttnn.pow_scalar %s {exponent = 1.0 : f64} : tensor<256x64xbf16, #hs_one> -> tensor<256x64xbf16, #hs_one>
  // Any other exponent: the unary program, on the shards.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=0 l1=4096 total=4096 out=4096
  %2 = ttnn.pow_scalar %s {exponent = 1.5 : f64} : tensor<256x64xbf16, #hs_one> -> tensor<256x64xbf16, #hs_one>
  return
}
