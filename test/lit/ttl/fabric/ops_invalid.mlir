// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// CallExternFuncOp::verify and the attribute verifiers: a call with
// fabric-manager effects runs in exactly its claims' kernel and names each
// claim once.

func.func @two_kernels() attributes {ttl.operation_id = "m.op:1", ttl.runtime_resources, ttl.grid = array<i64: 1, 1>} {
  // expected-error @+1 {{claims a fabric manager and runs in 2 logical kernels; a claimed manager belongs to one kernel, so select only the claim's kernel}}
  ttl.call_extern_func "mux_all" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<scoped, "mux", #ttl.kernel<data_movement>>]
      {ttl.kernels = [#ttl.kernel<data_movement>, #ttl.kernel<compute>]}
  return
}

// -----

// A claim used in a kernel that is not its own.
func.func @other_kernel() attributes {ttl.operation_id = "m.op:1", ttl.runtime_resources, ttl.grid = array<i64: 1, 1>} {
  // expected-error @+1 {{runs in logical kernel 'writer' of operation 'm.op:1' but fabric manager claim 'mux' belongs to kernel 'sender' of operation 'm.op:1'; the calls of a claim run in its kernel only}}
  ttl.call_extern_func "mux_all" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<scoped, "mux", #ttl.kernel<data_movement, "sender", "m.op:1">>]
      {ttl.kernels = [#ttl.kernel<data_movement, "writer", "m.op:1">]}
  return
}

// -----

func.func @other_thread() attributes {ttl.operation_id = "m.op:1", ttl.runtime_resources, ttl.grid = array<i64: 1, 1>} {
  ttl.thread #ttl.kernel<compute> {
    // expected-error @+1 {{runs in logical kernel 'compute' but fabric manager claim 'mux' belongs to kernel 'data_movement'}}
    ttl.call_extern_func "mux_all" from "mux.hpp" args()
        fabric_managers [#ttl.fabric_manager<scoped, "mux", #ttl.kernel<data_movement>>]
  }
  return
}

// -----

// After splitting, the claim's canonical selector resolves to the kernel
// function's identity: a handle kernel is another kernel.
func.func @other_function() attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:1">, ttl.operation_id = "m.op:1", ttl.runtime_resources} {
  // expected-error @+1 {{runs in logical kernel 'data_movement' of operation 'm.op:1' but fabric manager claim 'mux' belongs to kernel 'reader' of operation 'm.op:1'}}
  ttl.call_extern_func "mux_all" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<scoped, "mux", #ttl.kernel<data_movement, "reader", "m.op:1">>]
  return
}

// -----

func.func @twice_on_one_call() attributes {ttl.operation_id = "m.op:1", ttl.runtime_resources, ttl.grid = array<i64: 1, 1>} {
  // expected-error @+1 {{names fabric manager claim 'mux' more than once; one call does one thing with a claim}}
  ttl.call_extern_func "mux_all" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>,
                       #ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
      {ttl.kernels = [#ttl.kernel<data_movement>]}
  return
}

// -----

func.func @condition() attributes {ttl.operation_id = "m.op:1", ttl.runtime_resources, ttl.grid = array<i64: 1, 1>} {
  // expected-error @+1 {{evaluates a dispatch condition and cannot claim a fabric manager (a condition call must be repeat-safe)}}
  %c = ttl.call_extern_func "ready" from "mux.hpp" args() condition #ttl.dispatch_condition<0, i64>
      fabric_managers [#ttl.fabric_manager<scoped, "mux", #ttl.kernel<data_movement>>]
      {ttl.kernels = [#ttl.kernel<data_movement>]} -> i64
  return
}

// -----

func.func @empty_name() attributes {ttl.operation_id = "m.op:1", ttl.runtime_resources, ttl.grid = array<i64: 1, 1>} {
  // expected-error @+2 {{fabric manager claim needs a nonempty name}}
  ttl.call_extern_func "mux_all" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<scoped, "", #ttl.kernel<data_movement>>]
  return
}

// -----

// expected-error @+1 {{fabric claim 'mux' interval [3, 3) is empty or negative}}
func.func @empty_interval() attributes {test.claim = #ttl.fabric_claim<name = "mux", start = 3, end = 3>} {
  return
}

// -----

// expected-error @+1 {{'ttl.fabric_claims' must be an array of #ttl.fabric_claim on a kernel function}}
func.func @not_a_kernel() attributes {ttl.fabric_claims = [#ttl.fabric_claim<name = "mux", start = 0, end = 1>]} {
  return
}

// -----

// expected-error @+1 {{fabric claim 'mux' is recorded twice}}
emitc.file "reader" attributes {ttl.kernel_record = #ttl.kernel_record<
    kernel = <data_movement, "data_movement", "m.op:3">, role = data_movement_0,
    core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>],
    abi = <compile_time = [], common_runtime = [], per_core_runtime = []>,
    dataflow_buffers = [],
    fabric_claims = [#ttl.fabric_claim<name = "mux", start = 2, end = 6>,
                     #ttl.fabric_claim<name = "mux", start = 7, end = 8>]>} {
}

// -----

// Without a runtime resource factory nothing could bind the claim.
func.func @no_factory() attributes {ttl.operation_id = "m.op:1", ttl.grid = array<i64: 1, 1>} {
  // expected-error @+1 {{claims fabric manager 'mux' in an operation without a runtime resource factory; declare the operation with runtime_resource_factory=, which binds every claim (FabricConnectionBinding)}}
  ttl.call_extern_func "mux_all" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<scoped, "mux", #ttl.kernel<data_movement>>]
      {ttl.kernels = [#ttl.kernel<data_movement>]}
  return
}
