// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// fill, broadcast, reduce_sum / reduce_max (with and without a scaler) and transpose print
// and parse back.

// CHECK-LABEL: func.func @shapes
func.func @shapes(%x: !ttl.block<2x4xbf16>, %s: !ttl.block<1x1xbf16>, %r: !ttl.block<1x4xbf16>) {
  // CHECK: ttl.fill 5.000000e-01 : !ttl.block<2x2xf32>
  %f = ttl.fill 5.000000e-01 : !ttl.block<2x2xf32>
  // CHECK: ttl.broadcast %{{.*}} dims = [0] : !ttl.block<1x4xbf16> -> !ttl.block<2x4xbf16>
  %b = ttl.broadcast %r dims = [0] : !ttl.block<1x4xbf16> -> !ttl.block<2x4xbf16>
  // CHECK: ttl.broadcast %{{.*}} dims = [0, 1] : !ttl.block<1x1xbf16> -> !ttl.block<2x4xbf16>
  %c = ttl.broadcast %s dims = [0, 1] : !ttl.block<1x1xbf16> -> !ttl.block<2x4xbf16>
  // CHECK: ttl.reduce_sum %{{.*}}, %{{.*}} dims = [1] : !ttl.block<2x4xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<2x1xbf16>
  %rs = ttl.reduce_sum %x, %s dims = [1] : !ttl.block<2x4xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<2x1xbf16>
  // CHECK: ttl.reduce_max %{{.*}} dims = [0, 1] : !ttl.block<2x4xbf16> -> !ttl.block<1x1xbf16>
  %rm = ttl.reduce_max %x dims = [0, 1] : !ttl.block<2x4xbf16> -> !ttl.block<1x1xbf16>
  // CHECK: ttl.transpose %{{.*}} : !ttl.block<2x4xbf16> -> !ttl.block<4x2xbf16>
  %t = ttl.transpose %x : !ttl.block<2x4xbf16> -> !ttl.block<4x2xbf16>
  return
}
