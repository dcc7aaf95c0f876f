// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// ttl.div_scalar is lowered as a multiplication by 1 / divisor (div_unary_tile computes x * s),
// so the divisor must be nonzero with a finite f32 reciprocal. Division by a compile-time zero
// is an error (not inf).

func.func @by_zero(%x: !ttl.block<1x1xbf16>) -> !ttl.block<1x1xbf16> {
  // expected-error @+1 {{'ttl.div_scalar' op divides a block by zero (the divisor is 0 as an f32); a compile-time zero divisor is rejected}}
  %0 = ttl.div_scalar %x, 0.0 : !ttl.block<1x1xbf16>
  return %0 : !ttl.block<1x1xbf16>
}

// -----

func.func @by_negative_zero(%x: !ttl.block<1x1xbf16>) -> !ttl.block<1x1xbf16> {
  // expected-error @+1 {{divides a block by zero}}
  %0 = ttl.div_scalar %x, -0.0 : !ttl.block<1x1xbf16>
  return %0 : !ttl.block<1x1xbf16>
}

// -----

// The smallest f32 subnormal: its reciprocal (2^149) is beyond f32.
func.func @reciprocal_overflows(%x: !ttl.block<1x1xbf16>) -> !ttl.block<1x1xbf16> {
  // expected-error @+1 {{'ttl.div_scalar' op divides a block by 1.40129846E-45, whose reciprocal overflows f32; the kernel multiplies by 1 / divisor, so the divisor must exceed 2^-128 (about 2.9e-39) in magnitude}}
  %0 = ttl.div_scalar %x, 1.401298464e-45 : !ttl.block<1x1xbf16>
  return %0 : !ttl.block<1x1xbf16>
}
