// RUN: ttlang-opt %s --ttl-specialize-cores -verify-diagnostics
// ttl-specialize-cores evaluates every core of the grid; the kernels do not record their target,
// so the work is bounded by the largest worker grid of any target (blackhole, 13x10).

// expected-error @+1 {{the kernel's grid is 2147483647x1 (cols x rows), more cores than any target has (at most 130: the 13x10 worker grid of 'blackhole'); ttl-specialize-cores evaluates every core of the grid}}
func.func @absurd() attributes {ttl.grid = array<i64: 2147483647, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.absurd:00">} {
  %x = ttl.node 0
  return
}
