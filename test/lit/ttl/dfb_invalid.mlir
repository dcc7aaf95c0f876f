// RUN: ttlang-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{dataflow buffer block shape must have 2 dimensions (rows, cols in tiles), got 3}}
func.func @rank3(%arg0: !ttl.dfb<1x2x2xbf16, 2>) { return }

// -----

// expected-error @+1 {{dataflow buffer block dimensions must be positive, got 0}}
func.func @zero_dim(%arg0: !ttl.dfb<0x2xbf16, 2>) { return }

// -----

// expected-error @+1 {{dataflow buffer element type must be bf16 or f32, got 'i32'}}
func.func @int_elements(%arg0: !ttl.dfb<1x1xi32, 2>) { return }

// -----

// expected-error @+1 {{dataflow buffer block count must be at least 1, got 0}}
func.func @no_blocks(%arg0: !ttl.dfb<1x1xbf16, 0>) { return }

// -----

func.func @index_too_large() {
  // expected-error @+1 {{'ttl.create_dfb' op physical_index must be in [0, 64), got 64}}
  %0 = ttl.create_dfb {physical_index = 64 : i32} : !ttl.dfb<1x1xbf16, 2>
  return
}

// -----

func.func @index_negative() {
  // expected-error @+1 {{'ttl.create_dfb' op physical_index must be in [0, 64), got -1}}
  %0 = ttl.create_dfb {physical_index = -1 : i32} : !ttl.dfb<1x1xbf16, 2>
  return
}
