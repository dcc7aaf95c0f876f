// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// ttl.matmul: (M x K) @ (K x N) -> (M x N) tiles; operands of one element type,
// the result bf16 or f32.

func.func @inner(%a: !ttl.block<2x3xbf16>, %b: !ttl.block<2x4xbf16>) {
  // expected-error @below {{'ttl.matmul' op inner dimensions differ: lhs is 2x3 tiles and rhs 2x4 tiles; (M x K) @ (K x N) needs lhs cols == rhs rows}}
  %c = ttl.matmul %a, %b : !ttl.block<2x3xbf16>, !ttl.block<2x4xbf16> -> !ttl.block<2x4xbf16>
  return
}

// -----

func.func @result(%a: !ttl.block<2x3xbf16>, %b: !ttl.block<3x4xbf16>) {
  // expected-error @below {{'ttl.matmul' op result must be 2x4 tiles (M x N), got 4x2}}
  %c = ttl.matmul %a, %b : !ttl.block<2x3xbf16>, !ttl.block<3x4xbf16> -> !ttl.block<4x2xbf16>
  return
}

// -----

func.func @element(%a: !ttl.block<1x1xbf16>, %b: !ttl.block<1x1xf32>) {
  // expected-error @below {{'ttl.matmul' op operands must have one element type, got 'bf16' and 'f32'}}
  %c = ttl.matmul %a, %b : !ttl.block<1x1xbf16>, !ttl.block<1x1xf32> -> !ttl.block<1x1xbf16>
  return
}

// -----

func.func @transposed_inner(%a: !ttl.block<2x3xbf16>, %b: !ttl.block<3x4xbf16>) {
  // expected-error @below {{'ttl.matmul' op inner dimensions differ: lhs is 2x3 tiles and rhs 3x4 tiles; (M x K) @ transpose(N x K) needs lhs cols == rhs cols}}
  %c = ttl.matmul %a, %b {transpose_rhs} : !ttl.block<2x3xbf16>, !ttl.block<3x4xbf16> -> !ttl.block<2x3xbf16>
  return
}
