// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// Fabric-manager effects of external calls (#ttl.fabric_manager) and the
// recorded claim lifetimes (#ttl.fabric_claim) print and parse back.

// CHECK-LABEL: func.func @claimed
// CHECK: ttl.call_extern_func "mux_open" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement, "sender", "m.op:1">>] {ttl.kernels = [#ttl.kernel<data_movement, "sender", "m.op:1">]}
// CHECK: ttl.call_extern_func "mux_send" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<use, "mux", #ttl.kernel<data_movement, "sender", "m.op:1">>, #ttl.fabric_manager<scoped, "aux", #ttl.kernel<data_movement, "sender", "m.op:1">>]
// CHECK: ttl.call_extern_func "mux_close" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement, "sender", "m.op:1">>]
func.func @claimed() attributes {ttl.operation_id = "m.op:1", ttl.runtime_resources, ttl.grid = array<i64: 1, 1>} {
  ttl.call_extern_func "mux_open" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement, "sender", "m.op:1">>]
      {ttl.kernels = [#ttl.kernel<data_movement, "sender", "m.op:1">]}
  ttl.call_extern_func "mux_send" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<use, "mux", #ttl.kernel<data_movement, "sender", "m.op:1">>,
                       #ttl.fabric_manager<scoped, "aux", #ttl.kernel<data_movement, "sender", "m.op:1">>]
      {ttl.kernels = [#ttl.kernel<data_movement, "sender", "m.op:1">]}
  ttl.call_extern_func "mux_close" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement, "sender", "m.op:1">>]
      {ttl.kernels = [#ttl.kernel<data_movement, "sender", "m.op:1">]}
  return
}

// A canonical kernel's claim inside an explicit thread of that kernel.
// CHECK-LABEL: func.func @in_thread
// CHECK: fabric_managers [#ttl.fabric_manager<scoped, "mux", #ttl.kernel<compute>>]
func.func @in_thread() attributes {ttl.operation_id = "m.op:2", ttl.runtime_resources, ttl.grid = array<i64: 1, 1>} {
  ttl.thread #ttl.kernel<compute> {
    ttl.call_extern_func "mux_all" from "mux.hpp" args()
        fabric_managers [#ttl.fabric_manager<scoped, "mux", #ttl.kernel<compute>>]
  }
  return
}

// In a kernel function the claim's selector resolves to the function's kernel.
// CHECK-LABEL: func.func @kernel
// CHECK-SAME: ttl.fabric_claims = [#ttl.fabric_claim<name = "mux", start = 0, end = 1>]
func.func @kernel() attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:3">, ttl.operation_id = "m.op:3", ttl.runtime_resources,
                                ttl.fabric_claims = [#ttl.fabric_claim<name = "mux", start = 0, end = 1>]} {
  ttl.call_extern_func "mux_all" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<scoped, "mux", #ttl.kernel<data_movement>>]
  return
}

// The kernel record carries the claims.
// CHECK-LABEL: emitc.file "reader"
// CHECK-SAME: fabric_claims = [#ttl.fabric_claim<name = "mux", start = 2, end = 6>]
emitc.file "reader" attributes {ttl.kernel_record = #ttl.kernel_record<
    kernel = <data_movement, "data_movement", "m.op:3">, role = data_movement_0,
    core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>],
    abi = <compile_time = [], common_runtime = [], per_core_runtime = []>,
    dataflow_buffers = [],
    fabric_claims = [#ttl.fabric_claim<name = "mux", start = 2, end = 6>]>} {
}
