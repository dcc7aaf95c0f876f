// RUN: ttlang-opt %s --ttl-assign-dfb-indices=target=blackhole | FileCheck %s

// 33 buffers fit Blackhole's 64 (on wormhole_b0 this is an error: assign_dfb_indices_invalid.mlir).
// CHECK-LABEL: func.func @fits_blackhole
// CHECK-COUNT-32: ttl.create_dfb {physical_index =
// CHECK: physical_index = 32 : i32
func.func @fits_blackhole() {
  %0 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %1 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %2 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %3 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %4 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %5 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %6 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %7 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %8 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %9 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %10 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %11 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %12 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %13 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %14 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %15 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %16 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %17 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %18 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %19 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %20 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %21 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %22 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %23 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %24 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %25 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %26 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %27 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %28 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %29 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %30 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %31 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %32 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  return
}
