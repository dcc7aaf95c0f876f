// RUN: ttlang-opt %s --ttl-assign-dfb-indices -split-input-file -verify-diagnostics
// A DFB whose producer / consumer balance across kernels cannot be proven is
// an error at the buffer, with notes at the occurrences the compiler could not
// relate (provable variants: lifecycle_conditions.mlir, lifecycle_reuse.mlir).

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
#prod = #ttl.kernel<data_movement, "producer", "t.u:1">
#cons = #ttl.kernel<compute, "consumer", "t.u:1">

// Unknown guard: ordinary call results, evaluated by each kernel on its own.
func.func @unknown_guard() attributes {ttl.operation_id = "t.u:1", ttl.grid = array<i64: 1, 1>} {
  %z = arith.constant 0 : i64
  // expected-error @+1 {{cannot prove the DFB protocol balanced across kernels: an occurrence is guarded by a condition without dispatch-stable identity (such as an ordinary external-call result), which each kernel evaluates separately, so the producing and consuming kernels may take different branches; declare the condition with ttl.DispatchCondition and evaluate it with call_extern_func(..., condition_result=...) in each kernel}}
  %dfb = ttl.create_dfb : !d
  %p = ttl.call_extern_func "ep" from "h.hpp" args() {ttl.kernels = [#prod]} -> i64
  %c = ttl.call_extern_func "ec" from "h.hpp" args() {ttl.kernels = [#cons]} -> i64
  %pon = arith.cmpi ne, %p, %z : i64
  %con = arith.cmpi ne, %c, %z : i64
  scf.if %pon {
    %r = ttl.reserve %dfb : !d -> !b
    // expected-note @+1 {{produced here by 'producer', under a condition that kernel evaluates on its own}}
    ttl.push %r {ttl.kernels = [#prod]} : !b
  }
  scf.if %con {
    %w = ttl.wait %dfb : !d -> !b
    // expected-note @+1 {{consumed here by 'consumer', under a condition that kernel evaluates on its own}}
    ttl.pop %w {ttl.kernels = [#cons]} : !b
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
#prod = #ttl.kernel<data_movement, "producer", "t.u:2">
#cons = #ttl.kernel<compute, "consumer", "t.u:2">

// Partial identity: the producer is guarded by a declaration, the consumer
// by an ordinary result.
func.func @partial_identity() attributes {ttl.operation_id = "t.u:2", ttl.grid = array<i64: 1, 1>} {
  %z = arith.constant 0 : i64
  // expected-error @+1 {{an occurrence is guarded by a condition without dispatch-stable identity}}
  %dfb = ttl.create_dfb : !d
  %p = ttl.call_extern_func "ep" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#prod]} -> i64
  %c = ttl.call_extern_func "ec" from "h.hpp" args() {ttl.kernels = [#cons]} -> i64
  %pon = arith.cmpi ne, %p, %z : i64
  %con = arith.cmpi ne, %c, %z : i64
  scf.if %pon {
    %r = ttl.reserve %dfb : !d -> !b
    ttl.push %r {ttl.kernels = [#prod]} : !b
  }
  scf.if %con {
    %w = ttl.wait %dfb : !d -> !b
    // expected-note @+1 {{consumed here by 'consumer', under a condition that kernel evaluates on its own}}
    ttl.pop %w {ttl.kernels = [#cons]} : !b
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// One scf.if holds both sides, but its condition is a call selected for both
// kernels: each kernel gets its own result, which may differ.
func.func @unknown_guard_shared_branch() attributes {ttl.operation_id = "t.u:3", ttl.grid = array<i64: 1, 1>} {
  %z = arith.constant 0 : i64
  // expected-error @+1 {{an occurrence is guarded by a condition without dispatch-stable identity}}
  %dfb = ttl.create_dfb : !d
  %p = ttl.call_extern_func "probe" from "h.hpp" args() {ttl.kernels = [#dm, #cp]} -> i64
  %on = arith.cmpi ne, %p, %z : i64
  scf.if %on {
    %r = ttl.reserve %dfb : !d -> !b
    // expected-note @+1 {{produced here by the canonical data-movement kernel}}
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    // expected-note @+1 {{consumed here by the canonical compute kernel}}
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// Unknown loop trip count: one loop holds both sides, but its bound is a
// call result each kernel computes on its own.
func.func @unknown_loop_trip_count() attributes {ttl.operation_id = "t.u:4", ttl.grid = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{cannot prove the DFB protocol balanced across kernels: an occurrence is in a loop whose trip count is not provably the same for the producing and consuming kernels; use loop bounds every kernel computes alike}}
  %dfb = ttl.create_dfb : !d
  %count = ttl.call_extern_func "count" from "h.hpp" args() {ttl.kernels = [#dm, #cp]} -> i64
  %n = arith.index_cast %count : i64 to index
  scf.for %i = %c0 to %n step %c1 {
    %r = ttl.reserve %dfb : !d -> !b
    // expected-note @+1 {{produced here by the canonical data-movement kernel, in a loop whose trip count that kernel computes on its own}}
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    // expected-note @+1 {{consumed here by the canonical compute kernel, in a loop whose trip count that kernel computes on its own}}
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// Stable but different loop bounds in two threads: `a + 2` and `b + 2`
// iterations (operation arguments, which the grid does not decide) are
// different trip counts. (Bounds over coordinates are evaluated per core:
// lifecycle_cores_invalid.mlir.)
func.func @different_loop_bounds(%a: index, %b: index) attributes {ttl.operation_id = "t.u:5", ttl.grid = array<i64: 2, 2>} {
  // expected-error-re @+1 {{cannot prove the DFB protocol balanced across kernels: producers push 1 x (trip count of the loop at {{.*}}) tiles but consumers pop 1 x (trip count of the loop at {{.*}}) tiles (the compiler relates only identical conditions and loop bounds, and treats different ones as independent); guard the producer and the consumer with the same condition and loop bounds}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n = arith.addi %a, %c2 : index
    scf.for %i = %c0 to %n step %c1 {
      %r = ttl.reserve %dfb : !d -> !b
      // expected-note @+1 {{produced here by the canonical data-movement kernel}}
      ttl.push %r : !b
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n = arith.addi %b, %c2 : index
    scf.for %i = %c0 to %n step %c1 {
      %w = ttl.wait %dfb : !d -> !b
      // expected-note @+1 {{consumed here by the canonical compute kernel}}
      ttl.pop %w : !b
    }
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// Mismatched guards: the reader pushes when the first operation argument is
// zero, the compute thread pops when the second one is; different stable
// conditions that the grid does not decide are independent (coordinate
// guards are evaluated per core: lifecycle_cores_invalid.mlir).
func.func @mismatched_guards(%a: index, %b: index) attributes {ttl.operation_id = "t.u:6", ttl.grid = array<i64: 2, 2>} {
  // expected-error-re @+1 {{cannot prove the DFB protocol balanced across kernels: producers push 1 tiles but consumers pop 0 tiles when the condition at {{.*}}invalid.mlir:166 is true, the condition at {{.*}}invalid.mlir:175 is false}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %first_a = arith.cmpi eq, %a, %c0 : index
    scf.if %first_a {
      %r = ttl.reserve %dfb : !d -> !b
      // expected-note @+1 {{produced here}}
      ttl.push %r : !b
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %first_b = arith.cmpi eq, %b, %c0 : index
    scf.if %first_b {
      %w = ttl.wait %dfb : !d -> !b
      // expected-note @+1 {{consumed here}}
      ttl.pop %w : !b
    }
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
#dm = #ttl.kernel<data_movement>

// A release in a nested region cannot be counted against its acquire.
func.func @release_in_branch(%p: i1) attributes {ttl.operation_id = "t.u:8", ttl.grid = array<i64: 1, 1>} {
  // expected-error @+1 {{cannot prove the DFB protocol balanced across kernels: a block is released inside a branch or loop nested in the region that acquired it, so its transactions cannot be counted; release every block exactly once in the region that acquires it}}
  %a = ttl.create_dfb : !d
  // expected-note @+1 {{acquired here}}
  %r = ttl.reserve %a : !d -> !b
  scf.if %p {
    // expected-note @+1 {{released here}}
    ttl.push %r {ttl.kernels = [#dm]} : !b
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// Control the analysis does not model.
func.func @unmodelled_control() attributes {ttl.operation_id = "t.u:9", ttl.grid = array<i64: 1, 1>} {
  // expected-error @+1 {{cannot prove the DFB protocol balanced across kernels: an occurrence is inside 'scf.execute_region', control whose execution count the compiler cannot relate across kernels; move the DFB traffic out of it}}
  %dfb = ttl.create_dfb : !d
  // expected-note @+1 {{inside this}}
  scf.execute_region {
    %r = ttl.reserve %dfb : !d -> !b
    // expected-note @+1 {{produced here}}
    ttl.push %r {ttl.kernels = [#dm]} : !b
    scf.yield
  } {ttl.kernels = [#dm]}
  %w = ttl.wait %dfb : !d -> !b
  ttl.pop %w {ttl.kernels = [#cp]} : !b
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>
#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// More distinct conditions than the enumeration bound.
func.func @too_many_conditions() attributes {ttl.operation_id = "t.u:10", ttl.grid = array<i64: 1, 1>} {
  %z = arith.constant 0 : i64
  // expected-error @+1 {{cannot prove the DFB protocol balanced across kernels: its producers and consumers are guarded by 13 distinct conditions; at most 12 are analysed; guard the DFB traffic with fewer distinct conditions}}
  %dfb = ttl.create_dfb : !d
  %v0 = ttl.call_extern_func "c" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#dm, #cp]} -> i64
  %p0 = arith.cmpi ne, %v0, %z : i64
  scf.if %p0 {
    %r = ttl.reserve %dfb : !d -> !b
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  %v1 = ttl.call_extern_func "c" from "h.hpp" args() condition #ttl.dispatch_condition<1, i64> {ttl.kernels = [#dm, #cp]} -> i64
  %p1 = arith.cmpi ne, %v1, %z : i64
  scf.if %p1 {
    %r = ttl.reserve %dfb : !d -> !b
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  %v2 = ttl.call_extern_func "c" from "h.hpp" args() condition #ttl.dispatch_condition<2, i64> {ttl.kernels = [#dm, #cp]} -> i64
  %p2 = arith.cmpi ne, %v2, %z : i64
  scf.if %p2 {
    %r = ttl.reserve %dfb : !d -> !b
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  %v3 = ttl.call_extern_func "c" from "h.hpp" args() condition #ttl.dispatch_condition<3, i64> {ttl.kernels = [#dm, #cp]} -> i64
  %p3 = arith.cmpi ne, %v3, %z : i64
  scf.if %p3 {
    %r = ttl.reserve %dfb : !d -> !b
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  %v4 = ttl.call_extern_func "c" from "h.hpp" args() condition #ttl.dispatch_condition<4, i64> {ttl.kernels = [#dm, #cp]} -> i64
  %p4 = arith.cmpi ne, %v4, %z : i64
  scf.if %p4 {
    %r = ttl.reserve %dfb : !d -> !b
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  %v5 = ttl.call_extern_func "c" from "h.hpp" args() condition #ttl.dispatch_condition<5, i64> {ttl.kernels = [#dm, #cp]} -> i64
  %p5 = arith.cmpi ne, %v5, %z : i64
  scf.if %p5 {
    %r = ttl.reserve %dfb : !d -> !b
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  %v6 = ttl.call_extern_func "c" from "h.hpp" args() condition #ttl.dispatch_condition<6, i64> {ttl.kernels = [#dm, #cp]} -> i64
  %p6 = arith.cmpi ne, %v6, %z : i64
  scf.if %p6 {
    %r = ttl.reserve %dfb : !d -> !b
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  %v7 = ttl.call_extern_func "c" from "h.hpp" args() condition #ttl.dispatch_condition<7, i64> {ttl.kernels = [#dm, #cp]} -> i64
  %p7 = arith.cmpi ne, %v7, %z : i64
  scf.if %p7 {
    %r = ttl.reserve %dfb : !d -> !b
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  %v8 = ttl.call_extern_func "c" from "h.hpp" args() condition #ttl.dispatch_condition<8, i64> {ttl.kernels = [#dm, #cp]} -> i64
  %p8 = arith.cmpi ne, %v8, %z : i64
  scf.if %p8 {
    %r = ttl.reserve %dfb : !d -> !b
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  %v9 = ttl.call_extern_func "c" from "h.hpp" args() condition #ttl.dispatch_condition<9, i64> {ttl.kernels = [#dm, #cp]} -> i64
  %p9 = arith.cmpi ne, %v9, %z : i64
  scf.if %p9 {
    %r = ttl.reserve %dfb : !d -> !b
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  %v10 = ttl.call_extern_func "c" from "h.hpp" args() condition #ttl.dispatch_condition<10, i64> {ttl.kernels = [#dm, #cp]} -> i64
  %p10 = arith.cmpi ne, %v10, %z : i64
  scf.if %p10 {
    %r = ttl.reserve %dfb : !d -> !b
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  %v11 = ttl.call_extern_func "c" from "h.hpp" args() condition #ttl.dispatch_condition<11, i64> {ttl.kernels = [#dm, #cp]} -> i64
  %p11 = arith.cmpi ne, %v11, %z : i64
  scf.if %p11 {
    %r = ttl.reserve %dfb : !d -> !b
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  %v12 = ttl.call_extern_func "c" from "h.hpp" args() condition #ttl.dispatch_condition<12, i64> {ttl.kernels = [#dm, #cp]} -> i64
  %p12 = arith.cmpi ne, %v12, %z : i64
  scf.if %p12 {
    %r = ttl.reserve %dfb : !d -> !b
    ttl.push %r {ttl.kernels = [#dm]} : !b
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w {ttl.kernels = [#cp]} : !b
  }
  return
}
