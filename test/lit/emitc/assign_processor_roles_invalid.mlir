// RUN: ttlang-opt --ttl-assign-processor-roles -split-input-file -verify-diagnostics %s

// expected-error @below {{operation is not split into kernels; run ttl-split-kernels before convert-ttl-to-emitc}}
func.func @unsplit() attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "lit.roles:01"} {
  return
}

// -----

func.func @a() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "a", "lit.roles:02">} {
  return
}
func.func @b() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "b", "lit.roles:02">} {
  return
}
// expected-error @below {{more than two data-movement kernels in one module; a Tensix core has two data-movement processors}}
func.func @c() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "c", "lit.roles:02">} {
  return
}
