// RUN: ttlang-opt --ttl-materialize-reduce-scalers -split-input-file %s | FileCheck %s
// A reduction without a scaler gets the compiler's one-tile scaler DFB (one per element type,
// created first in the function), filled with ones by the compute kernel right before it; the
// scaler block is popped after the reduction's store.

!x = !ttl.dfb<1x2xbf16, 2>
!o = !ttl.dfb<1x1xbf16, 2>
// CHECK-LABEL: func.func @two_reductions
// CHECK-NEXT: %[[ONES:.*]] = ttl.create_dfb : !ttl.dfb<1x1xbf16, 1>
// CHECK-NOT: ttl.create_dfb : !ttl.dfb<1x1xbf16, 1>
// CHECK: %[[W:.*]] = ttl.reserve %[[ONES]]
// CHECK-NEXT: %[[F:.*]] = ttl.fill 1.000000e+00 : !ttl.block<1x1xbf16>
// CHECK-NEXT: ttl.store %[[F]], %[[W]]
// CHECK-NEXT: ttl.push %[[W]]
// CHECK-NEXT: %[[S:.*]] = ttl.wait %[[ONES]]
// CHECK-NEXT: %[[R:.*]] = ttl.reduce_sum %{{.*}}, %[[S]] dims = [1]
// CHECK-NEXT: ttl.store %[[R]], %{{.*}}
// CHECK-NEXT: ttl.pop %[[S]]
// CHECK: ttl.reduce_max %{{.*}}, %{{.*}} dims = [1]
func.func @two_reductions() {
  %a = ttl.create_dfb : !x
  %b = ttl.create_dfb : !o
  %x = ttl.wait %a : !x -> !ttl.block<1x2xbf16>
  %o = ttl.reserve %b : !o -> !ttl.block<1x1xbf16>
  %r = ttl.reduce_sum %x dims = [1] : !ttl.block<1x2xbf16> -> !ttl.block<1x1xbf16>
  ttl.store %r, %o : !ttl.block<1x1xbf16>
  ttl.push %o : !ttl.block<1x1xbf16>
  %o2 = ttl.reserve %b : !o -> !ttl.block<1x1xbf16>
  %m = ttl.reduce_max %x dims = [1] : !ttl.block<1x2xbf16> -> !ttl.block<1x1xbf16>
  ttl.store %m, %o2 : !ttl.block<1x1xbf16>
  ttl.push %o2 : !ttl.block<1x1xbf16>
  ttl.pop %x : !ttl.block<1x2xbf16>
  return
}

// -----

// A reduction that already has a scaler is left alone.
// CHECK-LABEL: func.func @scaled
// CHECK-NOT: ttl.create_dfb : !ttl.dfb<1x1xf32, 1>
// CHECK-NOT: ttl.fill
func.func @scaled(%x: !ttl.block<1x2xf32>, %s: !ttl.block<1x1xf32>) {
  %r = ttl.reduce_sum %x, %s dims = [1] : !ttl.block<1x2xf32>, !ttl.block<1x1xf32> -> !ttl.block<1x1xf32>
  return
}
