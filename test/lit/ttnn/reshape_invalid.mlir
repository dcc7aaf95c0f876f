// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// ttnn.reshape's verifier: a positive size per dimension, the element count kept, the result type's shape
// equal to `shape`.

func.func @reshape_count(%a: tensor<64x1024xbf16>) -> tensor<64x512xbf16> {
  // expected-error @+1 {{'ttnn.reshape' op shape 64x512 holds 32768 elements, the input 64x1024 has 65536}}
  %0 = ttnn.reshape %a {shape = array<i64: 64, 512>} : tensor<64x1024xbf16> -> tensor<64x512xbf16>
  return %0 : tensor<64x512xbf16>
}

// -----

func.func @reshape_inferred(%a: tensor<64x1024xbf16>) -> tensor<128x512xbf16> {
  // expected-error @+1 {{'ttnn.reshape' op shape[0] = -1 must be positive}}
  %0 = ttnn.reshape %a {shape = array<i64: -1, 512>} : tensor<64x1024xbf16> -> tensor<128x512xbf16>
  return %0 : tensor<128x512xbf16>
}

// -----

func.func @reshape_result(%a: tensor<64x1024xbf16>) -> tensor<512x128xbf16> {
  // expected-error @+1 {{'ttnn.reshape' op result shape must be 128x512, got 512x128}}
  %0 = ttnn.reshape %a {shape = array<i64: 128, 512>} : tensor<64x1024xbf16> -> tensor<512x128xbf16>
  return %0 : tensor<512x128xbf16>
}
