// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s

// CHECK-LABEL: func.func @dfb_shapes
func.func @dfb_shapes() {
  // CHECK: ttl.create_dfb : !ttl.dfb<2x2xbf16, 2>
  %0 = ttl.create_dfb : !ttl.dfb<2x2xbf16, 2>
  // CHECK: ttl.create_dfb {physical_index = 31 : i32} : !ttl.dfb<1x4xf32, 1>
  %1 = ttl.create_dfb {physical_index = 31 : i32} : !ttl.dfb<1x4xf32, 1>
  return
}

// CHECK-LABEL: func.func @dfb_as_argument
// CHECK-SAME: (%{{.*}}: !ttl.dfb<8x1xbf16, 3>)
func.func @dfb_as_argument(%arg0: !ttl.dfb<8x1xbf16, 3>) {
  return
}
