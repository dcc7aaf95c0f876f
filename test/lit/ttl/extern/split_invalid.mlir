// RUN: ttlang-opt %s --ttl-split-kernels -split-input-file -verify-diagnostics
// Placement of opaque C++ cannot be inferred.

func.func @no_selector() attributes {ttl.operation_id = "t.i:1", ttl.grid = array<i64: 1, 1>} {
  // expected-error @+1 {{has effects but no logical kernel can be inferred for it; select one with kernel=}}
  ttl.call_extern_func "f" from "h.hpp" args()
  return
}

// -----

func.func @thread_mismatch() attributes {ttl.operation_id = "t.i:2", ttl.grid = array<i64: 1, 1>} {
  ttl.thread #ttl.kernel<compute> {
    // expected-error @+1 {{selects logical kernel #ttl.kernel<data_movement> inside the thread of #ttl.kernel<compute>}}
    ttl.call_extern_func "f" from "h.hpp" args() {ttl.kernels = [#ttl.kernel<data_movement>]}
  }
  return
}
