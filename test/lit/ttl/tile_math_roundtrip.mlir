// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// ttl.matmul, the unary tile-math ops and the block-scalar ops print and parse back.

// CHECK-LABEL: func.func @ops
// CHECK: %[[M:.*]] = ttl.matmul %arg0, %arg1 : !ttl.block<2x3xbf16>, !ttl.block<3x4xbf16> -> !ttl.block<2x4xbf16>
// CHECK: ttl.abs %[[M]] : !ttl.block<2x4xbf16>
// CHECK: ttl.rsqrt
// CHECK: ttl.recip
// CHECK: ttl.sigmoid
// CHECK: ttl.tanh
// CHECK: ttl.log
// CHECK: ttl.sin
// CHECK: ttl.cos
func.func @ops(%a: !ttl.block<2x3xbf16>, %b: !ttl.block<3x4xbf16>) {
  %m = ttl.matmul %a, %b : !ttl.block<2x3xbf16>, !ttl.block<3x4xbf16> -> !ttl.block<2x4xbf16>
  %0 = ttl.abs %m : !ttl.block<2x4xbf16>
  %1 = ttl.rsqrt %0 : !ttl.block<2x4xbf16>
  %2 = ttl.recip %1 : !ttl.block<2x4xbf16>
  %3 = ttl.sigmoid %2 : !ttl.block<2x4xbf16>
  %4 = ttl.tanh %3 : !ttl.block<2x4xbf16>
  %5 = ttl.log %4 : !ttl.block<2x4xbf16>
  %6 = ttl.sin %5 : !ttl.block<2x4xbf16>
  %7 = ttl.cos %6 : !ttl.block<2x4xbf16>
  return
}

// CHECK-LABEL: func.func @scalars
// CHECK: ttl.add_scalar %arg0, 5.000000e-01 : !ttl.block<1x1xbf16>
// CHECK: ttl.rsub_scalar
// CHECK: ttl.rdiv_scalar
func.func @scalars(%a: !ttl.block<1x1xbf16>) {
  %0 = ttl.add_scalar %a, 0.5 : !ttl.block<1x1xbf16>
  %1 = ttl.rsub_scalar %0, 2.0 : !ttl.block<1x1xbf16>
  %2 = ttl.rdiv_scalar %1, 1.0 : !ttl.block<1x1xbf16>
  return
}

// CHECK-LABEL: func.func @more_math
// CHECK: %[[G:.*]] = ttl.gelu %arg0 : !ttl.block<1x2xbf16>
// CHECK: ttl.silu %[[G]]
// CHECK: ttl.square
// CHECK: ttl.exp2
// CHECK: %[[P:.*]] = ttl.pow_scalar %{{.*}}, 3.000000e+00 : !ttl.block<1x2xbf16>
// CHECK: %[[MX:.*]] = ttl.max %[[P]], %arg1 : !ttl.block<1x2xbf16>
// CHECK: %[[MN:.*]] = ttl.min %[[MX]], %arg1
// CHECK: ttl.eq %[[MN]], %arg1
// CHECK: ttl.ne
// CHECK: ttl.lt
// CHECK: ttl.le
// CHECK: ttl.gt
// CHECK: %[[C:.*]] = ttl.ge
// CHECK: ttl.where %[[C]], %arg0, %arg1 : !ttl.block<1x2xbf16>
func.func @more_math(%a: !ttl.block<1x2xbf16>, %b: !ttl.block<1x2xbf16>) {
  %0 = ttl.gelu %a : !ttl.block<1x2xbf16>
  %1 = ttl.silu %0 : !ttl.block<1x2xbf16>
  %2 = ttl.square %1 : !ttl.block<1x2xbf16>
  %3 = ttl.exp2 %2 : !ttl.block<1x2xbf16>
  %4 = ttl.pow_scalar %3, 3.0 : !ttl.block<1x2xbf16>
  %5 = ttl.max %4, %b : !ttl.block<1x2xbf16>
  %6 = ttl.min %5, %b : !ttl.block<1x2xbf16>
  %7 = ttl.eq %6, %b : !ttl.block<1x2xbf16>
  %8 = ttl.ne %7, %b : !ttl.block<1x2xbf16>
  %9 = ttl.lt %8, %b : !ttl.block<1x2xbf16>
  %10 = ttl.le %9, %b : !ttl.block<1x2xbf16>
  %11 = ttl.gt %10, %b : !ttl.block<1x2xbf16>
  %12 = ttl.ge %11, %b : !ttl.block<1x2xbf16>
  %13 = ttl.where %12, %a, %b : !ttl.block<1x2xbf16>
  return
}
