// RUN: ttlang-opt %s --ttl-record-fabric-managers -split-input-file -verify-diagnostics
// The lifetime rules of a fabric-manager claim: one scoped call, or one
// acquire, uses, one release in program order, acquire and release in one
// block.

func.func @use_before_acquire() attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:1">, ttl.operation_id = "m.op:1", ttl.runtime_resources} {
  // expected-error @+1 {{fabric manager claim 'mux' is used before it is acquired; pass claim.acquire() to an earlier call, or claim.scoped() to a call that does everything}}
  ttl.call_extern_func "mux_send" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<use, "mux", #ttl.kernel<data_movement>>]
  ttl.call_extern_func "mux_open" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
  ttl.call_extern_func "mux_close" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
  return
}

// -----

func.func @double_acquire() attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:1">, ttl.operation_id = "m.op:1", ttl.runtime_resources} {
  // expected-note @+1 {{acquired here}}
  ttl.call_extern_func "mux_open" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
  // expected-error @+1 {{fabric manager claim 'mux' is acquired twice: it is still owned since its acquire}}
  ttl.call_extern_func "mux_open" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
  ttl.call_extern_func "mux_close" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
  return
}

// -----

func.func @reacquire() attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:1">, ttl.operation_id = "m.op:1", ttl.runtime_resources} {
  ttl.call_extern_func "mux_open" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
  // expected-note @+1 {{released here}}
  ttl.call_extern_func "mux_close" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
  // expected-error @+1 {{fabric manager claim 'mux' is acquired again after its release; a claim has one lifetime in its kernel (use another claim)}}
  ttl.call_extern_func "mux_open" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
  ttl.call_extern_func "mux_close" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
  return
}

// -----

func.func @release_without_acquire() attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:1">, ttl.operation_id = "m.op:1", ttl.runtime_resources} {
  // expected-error @+1 {{fabric manager claim 'mux' is released without an acquire; pass claim.acquire() to an earlier call}}
  ttl.call_extern_func "mux_close" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
  return
}

// -----

func.func @double_release() attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:1">, ttl.operation_id = "m.op:1", ttl.runtime_resources} {
  ttl.call_extern_func "mux_open" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
  // expected-note @+1 {{first released here}}
  ttl.call_extern_func "mux_close" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
  // expected-error @+1 {{fabric manager claim 'mux' is released twice}}
  ttl.call_extern_func "mux_close" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
  return
}

// -----

func.func @use_after_release() attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:1">, ttl.operation_id = "m.op:1", ttl.runtime_resources} {
  ttl.call_extern_func "mux_open" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
  // expected-note @+1 {{released here}}
  ttl.call_extern_func "mux_close" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
  // expected-error @+1 {{fabric manager claim 'mux' is used after its release}}
  ttl.call_extern_func "mux_send" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<use, "mux", #ttl.kernel<data_movement>>]
  return
}

// -----

func.func @never_released() attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:1">, ttl.operation_id = "m.op:1", ttl.runtime_resources} {
  // expected-error @+1 {{fabric manager claim 'mux' is acquired but never released before its kernel ends; pass claim.release() to a later call}}
  ttl.call_extern_func "mux_open" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
  ttl.call_extern_func "mux_send" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<use, "mux", #ttl.kernel<data_movement>>]
  return
}

// -----

func.func @released_in_a_branch(%p: i1) attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:1">, ttl.operation_id = "m.op:1", ttl.runtime_resources} {
  // expected-note @+1 {{acquired here}}
  ttl.call_extern_func "mux_open" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
  scf.if %p {
    // expected-error @+1 {{fabric manager claim 'mux' is released in another block than it is acquired (a loop or branch lies between them); acquire and release a claim in one block}}
    ttl.call_extern_func "mux_close" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
  }
  return
}

// -----

func.func @scoped_then_acquire() attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:1">, ttl.operation_id = "m.op:1", ttl.runtime_resources} {
  // expected-note @+1 {{the claim's lifetime starts here}}
  ttl.call_extern_func "mux_all" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<scoped, "mux", #ttl.kernel<data_movement>>]
  // expected-error @+1 {{fabric manager claim 'mux' mixes a scoped call with acquire / use / release calls; a scoped call is the claim's whole lifetime in its kernel}}
  ttl.call_extern_func "mux_open" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
  ttl.call_extern_func "mux_close" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
  return
}

// -----

func.func @scoped_while_owned() attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:1">, ttl.operation_id = "m.op:1", ttl.runtime_resources} {
  // expected-note @+1 {{the claim's lifetime starts here}}
  ttl.call_extern_func "mux_open" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
  // expected-error @+1 {{fabric manager claim 'mux' mixes a scoped call with acquire / use / release calls}}
  ttl.call_extern_func "mux_all" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<scoped, "mux", #ttl.kernel<data_movement>>]
  ttl.call_extern_func "mux_close" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
  return
}

// -----

func.func @two_scoped() attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.op:1">, ttl.operation_id = "m.op:1", ttl.runtime_resources} {
  // expected-note @+1 {{first scoped call here}}
  ttl.call_extern_func "mux_all" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<scoped, "mux", #ttl.kernel<data_movement>>]
  // expected-error @+1 {{fabric manager claim 'mux' has a second scoped call; a claim has one lifetime in its kernel (use another claim)}}
  ttl.call_extern_func "mux_all" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<scoped, "mux", #ttl.kernel<data_movement>>]
  return
}
