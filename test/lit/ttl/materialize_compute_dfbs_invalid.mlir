// RUN: ttlang-opt --ttl-materialize-compute-dfbs -split-input-file -verify-diagnostics %s
// A reduction must be stored on its own, and a broadcast must reach a store in its block.

func.func @fused(%x: !ttl.block<1x1xbf16>, %o: !ttl.block<1x1xbf16>) {
  // expected-error @below {{a reduction is stored on its own}}
  %r = ttl.reduce_sum %x dims = [1] : !ttl.block<1x1xbf16> -> !ttl.block<1x1xbf16>
  %s = ttl.add %r, %x : !ttl.block<1x1xbf16>
  return
}

// -----

func.func @unstored(%x: !ttl.block<1x1xbf16>) {
  // expected-error @below {{the result of this broadcast must reach a store in its block}}
  %b = ttl.broadcast %x dims = [1] : !ttl.block<1x1xbf16> -> !ttl.block<1x2xbf16>
  return
}
