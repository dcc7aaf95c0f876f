// RUN: ttlang-opt --ttl-plan-accumulation --ttl-plan-unpack-to-dest --ttl-lower-tile-math -split-input-file -verify-diagnostics %s
// Tile math reads waited DFB blocks and tile math only: the error is at the store, with a note
// at the block it cannot read.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>
func.func @math_on_reserved() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.bad:06">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %o = ttl.create_dfb {physical_index = 1 : i32} : !d
  // expected-note @below {{this block}}
  %r = ttl.reserve %a : !d -> !blk
  %out = ttl.reserve %o : !d -> !blk
  %e = ttl.exp %r : !blk
  // expected-error @below {{tile math reads a block that is not from ttl.wait; only waited DFB blocks and tile math can be stored}}
  ttl.store %e, %out : !blk
  ttl.push %out : !blk
  ttl.push %r : !blk
  return
}
