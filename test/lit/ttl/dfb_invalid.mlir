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

// The ring's byte count must fit a circular buffer's 32-bit size (it used to
// overflow and abort the backend pipeline).
// expected-error @+1 {{dataflow buffer of 1x1 tiles x 9223372036854775807 blocks needs more than 4 GiB: a circular buffer's size is a 32-bit byte count}}
func.func @ring_beyond_32_bits(%arg0: !ttl.dfb<1x1xf32, 9223372036854775807>) { return }

// -----

// expected-error @+1 {{dataflow buffer of 1024x1024 tiles x 2 blocks needs more than 4 GiB}}
func.func @blocks_beyond_32_bits(%arg0: !ttl.dfb<1024x1024xbf16, 2>) { return }

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
