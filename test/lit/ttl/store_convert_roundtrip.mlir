// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// A converting store prints `: value-type -> dest-type`; a same-type store keeps one type.
// A matmul result may have the other element type than its operands.

// CHECK-LABEL: func.func @convert
// CHECK: ttl.store %{{.*}}, %{{.*}} : !ttl.block<1x1xbf16> -> !ttl.block<1x1xf32>
// CHECK: ttl.matmul %{{.*}}, %{{.*}} : !ttl.block<1x1xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xf32>
// CHECK: ttl.store %{{.*}}, %{{.*}} : !ttl.block<1x1xf32>{{$}}
// CHECK: ttl.store %{{.*}}, %{{.*}} : !ttl.block<1x1xf32> -> !ttl.block<1x1xbf16>
func.func @convert(%d32: !ttl.dfb<1x1xf32, 2>, %d16: !ttl.dfb<1x1xbf16, 2>, %v: !ttl.block<1x1xbf16>) {
  %r = ttl.reserve %d32 : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  ttl.store %v, %r : !ttl.block<1x1xbf16> -> !ttl.block<1x1xf32>
  %m = ttl.matmul %v, %v : !ttl.block<1x1xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xf32>
  ttl.store %m, %r : !ttl.block<1x1xf32>
  %r16 = ttl.reserve %d16 : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.store %m, %r16 : !ttl.block<1x1xf32> -> !ttl.block<1x1xbf16>
  return
}
