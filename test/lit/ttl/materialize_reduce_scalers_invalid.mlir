// RUN: ttlang-opt --ttl-materialize-reduce-scalers -split-input-file -verify-diagnostics %s
// A reduction without a scaler must be stored on its own.

func.func @fused(%x: !ttl.block<1x1xbf16>, %o: !ttl.block<1x1xbf16>) {
  // expected-error @below {{a reduction is stored on its own}}
  %r = ttl.reduce_sum %x dims = [1] : !ttl.block<1x1xbf16> -> !ttl.block<1x1xbf16>
  %s = ttl.add %r, %x : !ttl.block<1x1xbf16>
  return
}
