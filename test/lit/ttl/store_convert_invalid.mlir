// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// ttl.store may pack into a block of the other element type (bf16 <-> f32), but the shapes must
// still match and only bf16 / f32 exist.

func.func @convert_shape(%d: !ttl.dfb<1x1xf32, 2>, %v: !ttl.block<2x1xbf16>) {
  %b = ttl.reserve %d : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  // expected-error @+1 {{'ttl.store' op stored value '!ttl.block<2x1xbf16>' and destination '!ttl.block<1x1xf32>' must have the same shape in tiles}}
  ttl.store %v, %b : !ttl.block<2x1xbf16> -> !ttl.block<1x1xf32>
  return
}

// -----

func.func @convert_unsupported(%d: !ttl.dfb<1x1xf32, 2>) {
  %b = ttl.reserve %d : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  // expected-error @+1 {{block element type must be bf16 or f32, got 'f16'}}
  ttl.store %b, %b : !ttl.block<1x1xf16> -> !ttl.block<1x1xf32>
  return
}

// -----

func.func @matmul_result_unsupported(%a: !ttl.block<1x1xbf16>) {
  // expected-error @+1 {{block element type must be bf16 or f32, got 'i32'}}
  %c = ttl.matmul %a, %a : !ttl.block<1x1xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xi32>
  return
}

// -----

func.func @matmul_mixed_operands(%a: !ttl.block<1x1xf32>, %b: !ttl.block<1x1xbf16>) {
  // expected-error @+1 {{'ttl.matmul' op operands must have one element type, got 'f32' and 'bf16'}}
  %c = ttl.matmul %a, %b : !ttl.block<1x1xf32>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xf32>
  return
}
