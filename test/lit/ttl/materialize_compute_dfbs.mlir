// RUN: ttlang-opt --ttl-materialize-compute-dfbs -split-input-file %s | FileCheck %s
// A reduction without a scaler gets the compiler's one-tile scaler DFB (one per element type,
// created first in the function), filled with ones by the compute kernel right before it; the
// scaler block is popped after the reduction's store.

!x = !ttl.dfb<1x2xbf16, 2>
!o = !ttl.dfb<1x1xbf16, 2>
// CHECK-LABEL: func.func @two_reductions
// CHECK-NEXT: %[[ONES:.*]] = ttl.create_dfb : !ttl.dfb<1x1xbf16, 1>
// CHECK-NOT: ttl.create_dfb : !ttl.dfb<1x1xbf16, 1>
// CHECK: %[[F:.*]] = ttl.fill 1.000000e+00 : !ttl.block<1x1xbf16>
// CHECK-NEXT: %[[W:.*]] = ttl.reserve %[[ONES]]
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

// A reduction of waited blocks with a scaler is left alone.
// CHECK-LABEL: func.func @scaled
// CHECK-NOT: ttl.create_dfb : !ttl.dfb<1x1xf32, 1>
// CHECK-NOT: ttl.fill
func.func @scaled() {
  %a = ttl.create_dfb : !ttl.dfb<1x2xf32, 2>
  %b = ttl.create_dfb : !ttl.dfb<1x1xf32, 2>
  %x = ttl.wait %a : !ttl.dfb<1x2xf32, 2> -> !ttl.block<1x2xf32>
  %s = ttl.wait %b : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %o = ttl.reserve %b : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  %r = ttl.reduce_sum %x, %s dims = [1] : !ttl.block<1x2xf32>, !ttl.block<1x1xf32> -> !ttl.block<1x1xf32>
  ttl.store %r, %o : !ttl.block<1x1xf32>
  ttl.push %o : !ttl.block<1x1xf32>
  ttl.pop %s : !ttl.block<1x1xf32>
  ttl.pop %x : !ttl.block<1x2xf32>
  return
}

// -----

// A broadcast of computed math (here a reduction's result) reads it from a compiler DFB of
// the math's block type: stored, pushed and waited for right before the broadcast, popped
// after the store that uses the broadcast. The reduction itself gets its scaler DFB.
// CHECK-LABEL: func.func @broadcast_of_reduction
// The broadcast is materialized first (last op first), then the reduction's scaler, each DFB
// created at the top of the function.
// CHECK-NEXT: %[[ONES:.*]] = ttl.create_dfb : !ttl.dfb<1x1xbf16, 1>
// CHECK-NEXT: %[[TMP:.*]] = ttl.create_dfb : !ttl.dfb<1x1xbf16, 1>
// CHECK: %[[S:.*]] = ttl.wait %[[ONES]]
// CHECK-NEXT: %[[R:.*]] = ttl.reduce_max %{{.*}}, %[[S]] dims = [1]
// CHECK-NEXT: %[[SLOT:.*]] = ttl.reserve %[[TMP]]
// CHECK-NEXT: ttl.store %[[R]], %[[SLOT]]
// CHECK-NEXT: ttl.pop %[[S]]
// CHECK-NEXT: ttl.push %[[SLOT]]
// CHECK-NEXT: %[[M:.*]] = ttl.wait %[[TMP]]
// CHECK-NEXT: %[[B:.*]] = ttl.broadcast %[[M]] dims = [1]
// CHECK-NEXT: %[[D:.*]] = ttl.sub %{{.*}}, %[[B]]
// CHECK-NEXT: ttl.store %[[D]], %{{.*}}
// CHECK: ttl.pop %[[M]]
func.func @broadcast_of_reduction() {
  %a = ttl.create_dfb : !ttl.dfb<1x2xbf16, 2>
  %c = ttl.create_dfb : !ttl.dfb<1x2xbf16, 2>
  %x = ttl.wait %a : !ttl.dfb<1x2xbf16, 2> -> !ttl.block<1x2xbf16>
  %o = ttl.reserve %c : !ttl.dfb<1x2xbf16, 2> -> !ttl.block<1x2xbf16>
  %m = ttl.reduce_max %x dims = [1] : !ttl.block<1x2xbf16> -> !ttl.block<1x1xbf16>
  %b = ttl.broadcast %m dims = [1] : !ttl.block<1x1xbf16> -> !ttl.block<1x2xbf16>
  %d = ttl.sub %x, %b : !ttl.block<1x2xbf16>
  ttl.store %d, %o : !ttl.block<1x2xbf16>
  ttl.push %o : !ttl.block<1x2xbf16>
  ttl.pop %x : !ttl.block<1x2xbf16>
  return
}
