// RUN: ttlang-opt %s --ttl-assign-dfb-indices="report-lifecycles=true" -split-input-file -verify-diagnostics
// Condition identity in the DFB lifecycle proof: a producer's guarded push
// and a consumer's guarded pop balance under one declaration; distinct or
// negated declarations are unbalanced in some dispatch; conditions without
// identity stay conservative (no error, no reuse).

#prod = #ttl.kernel<data_movement, "producer", "t.c:1">
#cons = #ttl.kernel<compute, "consumer", "t.c:1">

func.func @equal_declarations() attributes {ttl.operation_id = "t.c:1", ttl.grid = array<i64: 1, 1>} {
  %z = arith.constant 0 : i64
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %p = ttl.call_extern_func "evaluate_for_producer" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#prod]} -> i64
  %c = ttl.call_extern_func "evaluate_for_consumer" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#cons]} -> i64
  %pon = arith.cmpi ne, %p, %z : i64
  %con = arith.cmpi ne, %c, %z : i64
  scf.if %pon {
    %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.push %r {ttl.kernels = [#prod]} : !ttl.block<1x1xbf16>
  }
  scf.if %con {
    %w = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.pop %w {ttl.kernels = [#cons]} : !ttl.block<1x1xbf16>
  }
  return
}

// -----

#prod = #ttl.kernel<data_movement, "producer", "t.c:2">
#cons = #ttl.kernel<compute, "consumer", "t.c:2">

// Branch polarity: the producer pushes in the else branch of "not #0",
// the consumer pops in the then branch of "#0" and under "#0 and #0".
func.func @polarity_and_expressions() attributes {ttl.operation_id = "t.c:2", ttl.grid = array<i64: 1, 1>} {
  %z = arith.constant 0 : i64
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %p = ttl.call_extern_func "ep" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#prod]} -> i64
  %c = ttl.call_extern_func "ec" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#cons]} -> i64
  %poff = arith.cmpi eq, %p, %z : i64
  %con = arith.cmpi ne, %c, %z : i64
  %both = arith.andi %con, %con : i1
  scf.if %poff {
  } else {
    %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.push %r {ttl.kernels = [#prod]} : !ttl.block<1x1xbf16>
  }
  scf.if %both {
    %w = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.pop %w {ttl.kernels = [#cons]} : !ttl.block<1x1xbf16>
  }
  return
}

// -----

#prod = #ttl.kernel<data_movement, "producer", "t.c:3">
#cons = #ttl.kernel<compute, "consumer", "t.c:3">

// Distinct declarations are independent, even with equal C++ names.
func.func @distinct_declarations() attributes {ttl.operation_id = "t.c:3", ttl.grid = array<i64: 1, 1>} {
  %z = arith.constant 0 : i64
  // expected-error @+1 {{unbalanced DFB protocol across kernels: producers push 1 tiles but consumers pop 0 tiles when condition #0 is true, condition #1 is false}}
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %p = ttl.call_extern_func "evaluate" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#prod]} -> i64
  %c = ttl.call_extern_func "evaluate" from "h.hpp" args() condition #ttl.dispatch_condition<1, i64> {ttl.kernels = [#cons]} -> i64
  %pon = arith.cmpi ne, %p, %z : i64
  %con = arith.cmpi ne, %c, %z : i64
  scf.if %pon {
    %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    // expected-note @+1 {{produced here}}
    ttl.push %r {ttl.kernels = [#prod]} : !ttl.block<1x1xbf16>
  }
  scf.if %con {
    %w = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    // expected-note @+1 {{consumed here}}
    ttl.pop %w {ttl.kernels = [#cons]} : !ttl.block<1x1xbf16>
  }
  return
}

// -----

#prod = #ttl.kernel<data_movement, "producer", "t.c:4">
#cons = #ttl.kernel<compute, "consumer", "t.c:4">

// Negated: the consumer pops exactly when the producer does not push.
func.func @negated_declaration() attributes {ttl.operation_id = "t.c:4", ttl.grid = array<i64: 1, 1>} {
  %z = arith.constant 0 : i64
  %true = arith.constant true
  // expected-error @+1 {{producers push 0 tiles but consumers pop 1 tiles when condition #0 is false}}
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %p = ttl.call_extern_func "ep" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#prod]} -> i64
  %c = ttl.call_extern_func "ec" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#cons]} -> i64
  %pon = arith.cmpi ne, %p, %z : i64
  %con = arith.cmpi ne, %c, %z : i64
  %coff = arith.xori %con, %true : i1
  scf.if %pon {
    %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    // expected-note @+1 {{produced here}}
    ttl.push %r {ttl.kernels = [#prod]} : !ttl.block<1x1xbf16>
  }
  scf.if %coff {
    %w = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    // expected-note @+1 {{consumed here}}
    ttl.pop %w {ttl.kernels = [#cons]} : !ttl.block<1x1xbf16>
  }
  return
}

// -----

#prod = #ttl.kernel<data_movement, "producer", "t.c:5">
#cons = #ttl.kernel<compute, "consumer", "t.c:5">

// Without identity (ordinary call results, evaluated per kernel) nothing is
// proven and nothing is reported as an error.
func.func @missing_identity() attributes {ttl.operation_id = "t.c:5", ttl.grid = array<i64: 1, 1>} {
  %z = arith.constant 0 : i64
  // expected-remark @+1 {{DFB lifecycle: unproven (an occurrence is guarded by a condition without a dispatch-stable identity); physical index 0}}
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %p = ttl.call_extern_func "ep" from "h.hpp" args() {ttl.kernels = [#prod]} -> i64
  %c = ttl.call_extern_func "ec" from "h.hpp" args() {ttl.kernels = [#cons]} -> i64
  %pon = arith.cmpi ne, %p, %z : i64
  %con = arith.cmpi ne, %c, %z : i64
  scf.if %pon {
    %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.push %r {ttl.kernels = [#prod]} : !ttl.block<1x1xbf16>
  }
  scf.if %con {
    %w = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.pop %w {ttl.kernels = [#cons]} : !ttl.block<1x1xbf16>
  }
  return
}

// -----

#prod = #ttl.kernel<data_movement, "producer", "t.c:6">
#cons = #ttl.kernel<compute, "consumer", "t.c:6">

// Partial identity: the producer is guarded by the declaration, the consumer
// by an ordinary result: conservative.
func.func @partial_identity() attributes {ttl.operation_id = "t.c:6", ttl.grid = array<i64: 1, 1>} {
  %z = arith.constant 0 : i64
  // expected-remark @+1 {{DFB lifecycle: unproven}}
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %p = ttl.call_extern_func "ep" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#prod]} -> i64
  %c = ttl.call_extern_func "ec" from "h.hpp" args() {ttl.kernels = [#cons]} -> i64
  %pon = arith.cmpi ne, %p, %z : i64
  %con = arith.cmpi ne, %c, %z : i64
  scf.if %pon {
    %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.push %r {ttl.kernels = [#prod]} : !ttl.block<1x1xbf16>
  }
  scf.if %con {
    %w = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.pop %w {ttl.kernels = [#cons]} : !ttl.block<1x1xbf16>
  }
  return
}

// -----

#cp = #ttl.kernel<compute>
#dm = #ttl.kernel<data_movement>

// Structured nesting in a unified operation: one scf.if on a stable
// predicate (the core's column) holds both the push and the pop; both
// kernels keep that same branch after splitting.
func.func @stable_predicate_nesting() attributes {ttl.operation_id = "t.c:7", ttl.grid = array<i64: 2, 1>} {
  %z = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %a = ttl.call_extern_func "ready" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#dm, #cp]} -> i64
  %on = arith.cmpi ne, %a, %z : i64
  %col = ttl.node 0
  %first = arith.cmpi eq, %col, %c0 : index
  scf.if %first {
    scf.if %on {
      %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
      ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
      %w = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
      ttl.pop %w {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
    }
  }
  return
}
