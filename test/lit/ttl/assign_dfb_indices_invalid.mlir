// RUN: ttlang-opt %s --ttl-assign-dfb-indices -split-input-file -verify-diagnostics

// 33 buffers: one more than Wormhole has (assign_dfb_indices_blackhole.mlir fits them).
func.func @too_many_for_wormhole() {
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
  // expected-error @+1 {{'ttl.create_dfb' op needs a physical dataflow buffer index, but all 32 of wormhole_b0 are in use in 'too_many_for_wormhole'}}
  %32 = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  return
}

// -----

func.func @duplicate() {
  %0 = ttl.create_dfb {physical_index = 3 : i32} : !ttl.dfb<1x1xbf16, 2>
  // expected-error @+1 {{'ttl.create_dfb' op physical_index 3 is already in use}}
  %1 = ttl.create_dfb {physical_index = 3 : i32} : !ttl.dfb<1x1xbf16, 2>
  return
}

// -----

func.func @out_of_range_for_target() {
  // expected-error @+1 {{'ttl.create_dfb' op physical_index 40 is out of range for wormhole_b0 (32 dataflow buffers)}}
  %0 = ttl.create_dfb {physical_index = 40 : i32} : !ttl.dfb<1x1xbf16, 2>
  return
}
