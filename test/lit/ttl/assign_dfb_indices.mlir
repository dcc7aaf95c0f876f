// RUN: ttlang-opt %s --ttl-assign-dfb-indices | FileCheck %s

// Buffers get the lowest free index in program order; indices already present are kept.
// CHECK-LABEL: func.func @fills_free_indices
func.func @fills_free_indices() {
  // CHECK: ttl.create_dfb {physical_index = 1 : i32}
  %0 = ttl.create_dfb : !ttl.dfb<2x2xbf16, 2>
  // CHECK: ttl.create_dfb {physical_index = 0 : i32}
  %1 = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  // CHECK: ttl.create_dfb {physical_index = 2 : i32}
  %2 = ttl.create_dfb : !ttl.dfb<1x1xf32, 2>
  return
}

// Each function (one operation's kernels) has its own index space.
// CHECK-LABEL: func.func @separate_space
func.func @separate_space() {
  // CHECK: ttl.create_dfb {physical_index = 0 : i32}
  %0 = ttl.create_dfb : !ttl.dfb<2x2xbf16, 2>
  return
}
