// RUN: ttlang-opt %s --ttl-assign-dfb-indices="report-lifecycles=true" -split-input-file -verify-diagnostics | FileCheck %s
// Opaque occurrences prevent index reuse: a dependency without listed
// effects, a partial summary, unknown_dfb_access. Each of these operations
// would share index 0 if the external call were fully summarized (%b goes
// from the data-movement to the compute kernel after %a).

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// CHECK-LABEL: func.func @no_listed_effect
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: ttl.create_dfb {physical_index = 1 : i32}
func.func @no_listed_effect() attributes {ttl.operation_id = "t.a:1", ttl.grid = array<i64: 1, 1>} {
  // expected-remark @+1 {{DFB lifecycle: opaque (the external call at}}
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 1}}
  %b = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  ttl.call_extern_func "consume" from "h.hpp" args(%a : !ttl.dfb<1x1xbf16, 2>) {ttl.kernels = [#cp]}
  %r2 = ttl.reserve %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r2 {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %w2 = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w2 {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  return
}

// -----

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// CHECK-LABEL: func.func @partial_summary
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: ttl.create_dfb {physical_index = 1 : i32}
func.func @partial_summary() attributes {ttl.operation_id = "t.b:1", ttl.grid = array<i64: 1, 1>} {
  // expected-remark @+1 {{has a partial effect summary for its dependency #0}}
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 1}}
  %b = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  // Waits without popping: valid, but proves nothing.
  ttl.call_extern_func "peek" from "h.hpp" args(%a : !ttl.dfb<1x1xbf16, 2>)
      effects [#ttl.dfb_effect<wait, dependency = 0, tiles = 1>] {ttl.kernels = [#cp]}
  %r2 = ttl.reserve %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r2 {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %w2 = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w2 {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  return
}

// -----

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// An aliased occurrence without its own effects is opaque even though the
// first occurrence is summarized.
// CHECK-LABEL: func.func @aliased_occurrence
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: ttl.create_dfb {physical_index = 1 : i32}
func.func @aliased_occurrence() attributes {ttl.operation_id = "t.c:1", ttl.grid = array<i64: 1, 1>} {
  // expected-remark @+1 {{lists no effect for its dependency #1}}
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 1}}
  %b = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  ttl.call_extern_func "consume" from "h.hpp" args(%a, %a : !ttl.dfb<1x1xbf16, 2>, !ttl.dfb<1x1xbf16, 2>)
      effects [#ttl.dfb_effect<wait, dependency = 0, tiles = 1>,
               #ttl.dfb_effect<pop, dependency = 0, tiles = 1>] {ttl.kernels = [#cp]}
  %r2 = ttl.reserve %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r2 {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %w2 = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w2 {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  return
}

// -----

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// unknown_dfb_access makes every DFB of the operation opaque, listed or not.
// CHECK-LABEL: func.func @unknown_access
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: ttl.create_dfb {physical_index = 1 : i32}
func.func @unknown_access() attributes {ttl.operation_id = "t.d:1", ttl.grid = array<i64: 1, 1>} {
  // expected-remark @+1 {{declares unknown_dfb_access}}
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{declares unknown_dfb_access}}
  %b = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %w = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  ttl.call_extern_func "anything" from "h.hpp" args() unknown_dfb_access {ttl.kernels = [#cp]}
  %r2 = ttl.reserve %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r2 {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %w2 = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w2 {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  return
}

// -----

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// An opaque DFB is not balance-checked: its producer under a per-kernel
// condition is no error (the same protocol without the opaque call is one:
// lifecycle_unprovable_invalid.mlir), and it keeps its own index.
// CHECK-LABEL: func.func @opaque_not_balance_checked
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: ttl.create_dfb {physical_index = 1 : i32}
func.func @opaque_not_balance_checked() attributes {ttl.operation_id = "t.f:1", ttl.grid = array<i64: 1, 1>} {
  %z = arith.constant 0 : i64
  // expected-remark @+1 {{DFB lifecycle: opaque (the external call at}}
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 1}}
  %b = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %p = ttl.call_extern_func "probe" from "h.hpp" args() {ttl.kernels = [#dm]} -> i64
  %on = arith.cmpi ne, %p, %z : i64
  scf.if %on {
    %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  }
  ttl.call_extern_func "consume" from "h.hpp" args(%a : !ttl.dfb<1x1xbf16, 2>) {ttl.kernels = [#cp]}
  %r2 = ttl.reserve %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r2 {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %w2 = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w2 {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  return
}
