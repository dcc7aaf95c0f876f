// RUN: ttlang-opt %s --ttl-record-fabric-managers -split-input-file | FileCheck %s
// ttl-record-fabric-managers records the lifetime of each claim of a kernel
// function: [position of the acquiring call, position after the releasing
// call), positions being pre-order op indices of the function body.

// CHECK-LABEL: func.func @sender
// CHECK-SAME: ttl.fabric_claims = [#ttl.fabric_claim<name = "aux", start = 8, end = 9>, #ttl.fabric_claim<name = "mux", start = 3, end = 8>]
func.func @sender() attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:1">, ttl.operation_id = "m.op:1", ttl.runtime_resources} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  ttl.call_extern_func "mux_open" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
  // A use nested in a loop between the acquire and the release is owned.
  scf.for %i = %c0 to %c2 step %c1 {
    ttl.call_extern_func "mux_send" from "mux.hpp" args()
        fabric_managers [#ttl.fabric_manager<use, "mux", #ttl.kernel<data_movement>>]
  }
  ttl.call_extern_func "mux_close" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
  ttl.call_extern_func "aux_all" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<scoped, "aux", #ttl.kernel<data_movement>>]
  return
}

// -----

// A whole lifetime inside a loop body (acquired and released every
// iteration), and a scoped call in a branch.
// CHECK-LABEL: func.func @per_iteration
// CHECK-SAME: ttl.fabric_claims = [#ttl.fabric_claim<name = "aux", start = 9, end = 10>, #ttl.fabric_claim<name = "mux", start = 4, end = 7>]
func.func @per_iteration(%p: i1) attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:2">, ttl.operation_id = "m.op:2", ttl.runtime_resources} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c2 step %c1 {
    ttl.call_extern_func "mux_open" from "mux.hpp" args()
        fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
    ttl.call_extern_func "mux_send" from "mux.hpp" args()
        fabric_managers [#ttl.fabric_manager<use, "mux", #ttl.kernel<data_movement>>]
    ttl.call_extern_func "mux_close" from "mux.hpp" args()
        fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
  }
  scf.if %p {
    ttl.call_extern_func "aux_all" from "mux.hpp" args()
        fabric_managers [#ttl.fabric_manager<scoped, "aux", #ttl.kernel<data_movement>>]
  }
  return
}

// -----

// Functions that are not kernel functions are checked, not recorded; a
// kernel without claims gets no attribute.
// CHECK-LABEL: func.func @operation
// CHECK-NOT: ttl.fabric_claims
// CHECK-LABEL: func.func @plain_kernel
// CHECK-NOT: ttl.fabric_claims
func.func @operation() attributes {ttl.operation_id = "m.op:3", ttl.runtime_resources, ttl.grid = array<i64: 1, 1>} {
  ttl.call_extern_func "aux_all" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<scoped, "aux", #ttl.kernel<compute>>]
      {ttl.kernels = [#ttl.kernel<compute>]}
  return
}
func.func @plain_kernel() attributes {ttl.kernel = #ttl.kernel<compute, "compute", "m.op:4">, ttl.operation_id = "m.op:4", ttl.runtime_resources} {
  ttl.call_extern_func "work" from "mux.hpp" args()
  return
}
