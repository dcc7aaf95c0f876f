// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// A block-scalar op takes its scalar as an f32 constant or, for a scalar parameter of the
// operation, as run-time f32 bits (an i32 argument of the operation function, written
// `%bits bits`).

// CHECK-LABEL: func.func @runtime_scalars
// CHECK: %[[M:.*]] = ttl.mul_scalar %arg0, %arg1 bits : !ttl.block<1x1xbf16>
// CHECK: %[[A:.*]] = ttl.add_scalar %[[M]], 5.000000e-01 : !ttl.block<1x1xbf16>
// CHECK: ttl.rsub_scalar %[[A]], %arg1 bits : !ttl.block<1x1xbf16>
// CHECK: ttl.pow_scalar %{{.*}}, %arg1 bits : !ttl.block<1x1xbf16>
func.func @runtime_scalars(%x: !ttl.block<1x1xbf16>, %k: i32) -> !ttl.block<1x1xbf16> {
  %0 = ttl.mul_scalar %x, %k bits : !ttl.block<1x1xbf16>
  %1 = ttl.add_scalar %0, 5.0e-01 : !ttl.block<1x1xbf16>
  %2 = ttl.rsub_scalar %1, %k bits : !ttl.block<1x1xbf16>
  %3 = ttl.pow_scalar %2, %k bits : !ttl.block<1x1xbf16>
  return %3 : !ttl.block<1x1xbf16>
}
