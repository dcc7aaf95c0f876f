// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// The tile-math plan attributes (ttl-plan-accumulation, ttl-plan-unpack-to-dest) are verified
// where they may appear.

// expected-error @+1 {{'func.func' op 'ttl.unpack_to_dest' must be an array<i64> of ascending physical DFB indices on a compute kernel function}}
func.func @unsorted() attributes {ttl.kernel = #ttl.kernel<compute, "compute", "lit.pa:00">, ttl.unpack_to_dest = array<i64: 3, 1>} { return }

// -----

// expected-error @+1 {{'func.func' op 'ttl.unpack_to_dest' must be an array<i64> of ascending physical DFB indices on a compute kernel function}}
func.func @on_mover() attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.pa:01">, ttl.unpack_to_dest = array<i64>} { return }

// -----

func.func @not_accumulating(%d: !ttl.dfb<1x1xbf16, 2>, %o: !ttl.dfb<1x1xbf16, 2>) {
  %x = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %r = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.store' op 'ttl.accumulation' must be a #ttl.accumulation on an accumulating ttl.store}}
  ttl.store %x, %r {ttl.accumulation = #ttl.accumulation<first>} : !ttl.block<1x1xbf16>
  return
}

// -----

func.func @indexed_pack_not_unit(%d: !ttl.dfb<1x1xbf16, 2>, %o: !ttl.dfb<1x1xbf16, 2>) {
  %x = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %r = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.store' op 'ttl.indexed_pack' must be a unit attribute on a ttl.store}}
  ttl.store %x, %r {ttl.indexed_pack = 1 : i32} : !ttl.block<1x1xbf16>
  return
}
