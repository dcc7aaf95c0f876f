// RUN: ttlang-opt %s --ttl-assign-dfb-indices -split-input-file -verify-diagnostics
// The operation's grid is checked against the target's worker grid before the DFB lifecycle
// analysis evaluates guards on every core, so an absurd grid costs no time or memory.

// expected-error @+1 {{the operation's grid is 100x100 (cols x rows) but target 'wormhole_b0' has 8x8 worker cores}}
func.func @too_wide() attributes {ttl.grid = array<i64: 100, 100>, ttl.operation_id = "lit.too_wide:00"} {
  return
}

// -----

// expected-error @+1 {{the operation's grid is 2147483647x1 (cols x rows) but target 'wormhole_b0' has 8x8 worker cores}}
func.func @absurd() attributes {ttl.grid = array<i64: 2147483647, 1>, ttl.operation_id = "lit.absurd:00"} {
  %x = ttl.node 0
  %c0 = arith.constant 0 : index
  %first = arith.cmpi eq, %x, %c0 : index
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  scf.if %first {
    %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.push %b {ttl.kernels = [#ttl.kernel<data_movement>]} : !ttl.block<1x1xbf16>
  }
  scf.if %first {
    %w = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.pop %w {ttl.kernels = [#ttl.kernel<compute>]} : !ttl.block<1x1xbf16>
  }
  return
}
