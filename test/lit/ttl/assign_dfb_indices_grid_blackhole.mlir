// RUN: ttlang-opt %s --ttl-assign-dfb-indices=target=blackhole -split-input-file -verify-diagnostics
// Blackhole's worker grid is 13x10: 13 columns fit, 11 rows do not.

func.func @fits() attributes {ttl.grid = array<i64: 13, 10>, ttl.operation_id = "lit.fits:00"} {
  return
}

// -----

// expected-error @+1 {{the operation's grid is 13x11 (cols x rows) but target 'blackhole' has 13x10 worker cores}}
func.func @too_tall() attributes {ttl.grid = array<i64: 13, 11>, ttl.operation_id = "lit.too_tall:00"} {
  return
}
