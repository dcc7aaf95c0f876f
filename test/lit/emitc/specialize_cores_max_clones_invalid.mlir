// RUN: ttlang-opt %s --ttl-specialize-cores=max-clones=0 -verify-diagnostics
// A kernel is at least one clone, itself: a bound below one is an error, not "no kernels".

// expected-error @+1 {{ttl-specialize-cores: max-clones is 0; a kernel has at least one clone, itself}}
module {
  func.func @k() attributes {ttl.grid = array<i64: 2, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.max:00">} {
    %x = ttl.node 0
    return
  }
}
