// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// A block-scalar op has exactly one scalar: the f32 constant or the run-time bits. A division
// multiplies by a reciprocal the compiler computes, so its divisor is never run-time bits.

func.func @both(%x: !ttl.block<1x1xbf16>, %k: i32) -> !ttl.block<1x1xbf16> {
  // expected-error @+1 {{'ttl.mul_scalar' op takes its scalar either as an f32 constant or as run-time f32 bits (`%bits bits`), exactly one}}
  %0 = ttl.mul_scalar %x, %k bits 2.0 : !ttl.block<1x1xbf16>
  return %0 : !ttl.block<1x1xbf16>
}

// -----

// (The custom syntax cannot spell it: the generic form.)
func.func @neither(%x: !ttl.block<1x1xbf16>) -> !ttl.block<1x1xbf16> {
  // expected-error @+1 {{'ttl.add_scalar' op takes its scalar either as an f32 constant or as run-time f32 bits}}
  %0 = "ttl.add_scalar"(%x) : (!ttl.block<1x1xbf16>) -> !ttl.block<1x1xbf16>
  return %0 : !ttl.block<1x1xbf16>
}

// -----

func.func @runtime_divisor(%x: !ttl.block<1x1xbf16>, %k: i32) -> !ttl.block<1x1xbf16> {
  // expected-error @+1 {{'ttl.div_scalar' op divides a block by a run-time scalar; the compute API multiplies by a reciprocal computed at compile time: pass the reciprocal as the parameter and multiply (x * inv_s)}}
  %0 = ttl.div_scalar %x, %k bits : !ttl.block<1x1xbf16>
  return %0 : !ttl.block<1x1xbf16>
}

// -----

// expected-note @+1 {{prior use here}}
func.func @bits_are_i32(%x: !ttl.block<1x1xbf16>, %k: f32) -> !ttl.block<1x1xbf16> {
  // expected-error @+1 {{use of value '%k' expects different type than prior uses: 'i32' vs 'f32'}}
  %0 = ttl.mul_scalar %x, %k bits : !ttl.block<1x1xbf16>
  return %0 : !ttl.block<1x1xbf16>
}
