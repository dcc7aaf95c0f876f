// RUN: ttlang-opt --ttl-package-kernels -split-input-file -verify-diagnostics %s
// ttl-package-kernels moves what the passes before it recorded into the kernel's record; a
// kernel without one of those records names the pass that makes it.

// expected-error @below {{has no 'ttl.processor_role'; run ttl-assign-processor-roles before ttl-package-kernels}}
func.func @no_role() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.pk:00">} {
  return
}

// -----

// expected-error @below {{has no 'ttl.abi'; run ttl-record-kernel-abi before ttl-package-kernels}}
func.func @no_abi() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.pk:01">, ttl.processor_role = #ttl.processor_role<compute>} {
  return
}

// -----

// expected-error @below {{kernel function has no 'ttl.grid'; the grid of every kernel must be static to lower it}}
func.func @no_grid() attributes {ttl.kernel = #ttl.kernel<compute, "compute", "lit.pk:02">, ttl.processor_role = #ttl.processor_role<compute>, ttl.abi = #ttl.abi<compile_time = [], common_runtime = [], per_core_runtime = []>, ttl.dataflow_buffers = []} {
  return
}
