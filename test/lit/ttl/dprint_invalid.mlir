// RUN: ttlang-opt -split-input-file -verify-diagnostics %s
// ttl.dprint's verifier: one `{}` per value, braces otherwise doubled, a known processor, and
// a block printed alone, held from ttl.wait / ttl.reserve.

func.func @count(%i: index) {
  // expected-error @below {{format has 2 `{}` but the print has 1 value(s)}}
  ttl.dprint "{} {}" %i : index
  return
}

// -----

func.func @brace(%i: index) {
  // expected-error @below {{format has a brace that is neither `{}` nor doubled}}
  ttl.dprint "{:x" %i : index
  return
}

// -----

func.func @thread() {
  // expected-error @below {{thread must be "unpack", "math" or "pack", got "brisc"}}
  ttl.dprint "x" {thread = "brisc"}
  return
}

// -----

func.func @block_with_text(%i: index) {
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @below {{a block is printed alone (format "{}")}}
  ttl.dprint "{} {}" %i, %b : index, !ttl.block<1x1xbf16>
  ttl.pop %b : !ttl.block<1x1xbf16>
  return
}

// -----

func.func @tile_math() {
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %e = ttl.exp %b : !ttl.block<1x1xbf16>
  // expected-error @below {{prints a block that is not held from ttl.wait or ttl.reserve}}
  ttl.dprint "{}" %e : !ttl.block<1x1xbf16>
  ttl.pop %b : !ttl.block<1x1xbf16>
  return
}
