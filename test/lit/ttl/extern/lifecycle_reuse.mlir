// RUN: ttlang-opt %s --ttl-assign-dfb-indices="report-lifecycles=true" -split-input-file -verify-diagnostics | FileCheck %s
// Physical indices are reused only where one circular buffer can carry both
// DFBs as a single FIFO stream: the same producer kernel, the same consumer
// kernel, and the earlier DFB's occurrences first in both.

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// Both buffers go from the data-movement to the compute kernel, %a first in
// each: the CB carries %a's tiles, then %b's, between the same two kernels.
// CHECK-LABEL: func.func @same_direction
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
func.func @same_direction() attributes {ttl.operation_id = "t.same:1", ttl.grid = array<i64: 1, 1>} {
  // expected-note @+2 {{shares the index with this DFB: the same producer and consumer kernels use it first}}
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %b = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %r2 = ttl.reserve %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r2 {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %w = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  %w2 = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w2 {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  return
}

// -----

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// The compute kernel consumes %a, then produces %b for the data-movement
// kernel. %a's last pop precedes %b's first reserve, but sharing one index
// would swap the CB's producer and consumer kernels mid-program: each
// processor keeps its own CB pointers, so the compute kernel's write pointer
// would still be at the ring's start while the data-movement kernel's read
// pointer has moved on. Distinct indices.
// CHECK-LABEL: func.func @swapped_roles
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: ttl.create_dfb {physical_index = 1 : i32}
func.func @swapped_roles() attributes {ttl.operation_id = "t.swap:1", ttl.grid = array<i64: 1, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 1}}
  %b = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %w = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  %r2 = ttl.reserve %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r2 {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  %w2 = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w2 {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  return
}

// -----

#dm = #ttl.kernel<data_movement>
#rd = #ttl.kernel<data_movement, "reader", "t.prod:1">
#cp = #ttl.kernel<compute>

// Same consumer, different producers (two data-movement kernels): each would
// write from its own write pointer into one ring. Distinct indices.
// CHECK-LABEL: func.func @different_producers
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: ttl.create_dfb {physical_index = 1 : i32}
func.func @different_producers() attributes {ttl.operation_id = "t.prod:1", ttl.grid = array<i64: 1, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 1}}
  %b = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %w = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  %r2 = ttl.reserve %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r2 {ttl.kernels = [#rd]} : !ttl.block<1x1xbf16>
  %w2 = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w2 {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  return
}

// -----

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// Same kernels, but the producer pushes %b before %a: the consumer would pop
// %b's tiles as %a's. Distinct indices.
// CHECK-LABEL: func.func @out_of_order
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: ttl.create_dfb {physical_index = 1 : i32}
func.func @out_of_order() attributes {ttl.operation_id = "t.order:1", ttl.grid = array<i64: 1, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 1}}
  %b = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %r2 = ttl.reserve %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r2 {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %w = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  %w2 = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w2 {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  return
}

// -----

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// A complete effect summary proves the external consumer's lifecycle, in a
// loop with a constant trip count (2 x 1-tile pushes = one 2-tile wait/pop),
// so %b, which the same kernels produce and consume after it, reuses the
// index.
// CHECK-LABEL: func.func @external_consumer
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
func.func @external_consumer() attributes {ttl.operation_id = "t.ext:1", ttl.grid = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-note @+2 {{shares the index with this DFB}}
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %b = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  scf.for %i = %c0 to %c2 step %c1 {
    %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  }
  ttl.call_extern_func "drain" from "h.hpp" args(%a : !ttl.dfb<1x1xbf16, 2>)
      effects [#ttl.dfb_effect<wait, dependency = 0, tiles = 2>,
               #ttl.dfb_effect<pop, dependency = 0, tiles = 2>]
      {ttl.kernels = [#cp]}
  %r2 = ttl.reserve %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r2 {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %w2 = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w2 {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  return
}

// -----

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// Different buffer types never share (one circular-buffer configuration per
// index).
// CHECK-LABEL: func.func @different_types
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: ttl.create_dfb {physical_index = 1 : i32}
func.func @different_types() attributes {ttl.operation_id = "t.types:1", ttl.grid = array<i64: 1, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 1}}
  %b = ttl.create_dfb : !ttl.dfb<1x1xf32, 2>
  %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %r2 = ttl.reserve %b : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  ttl.push %r2 {ttl.kernels = [#dm]} : !ttl.block<1x1xf32>
  %w = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  %w2 = ttl.wait %b : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  ttl.pop %w2 {ttl.kernels = [#cp]} : !ttl.block<1x1xf32>
  return
}

// -----

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// One external call consumes %src, then %dst (effect order is execution
// order), both produced in that order by the data-movement kernel: %dst
// reuses %src's index although both are dependencies of the same call.
// CHECK-LABEL: func.func @external_stage_reuse
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
func.func @external_stage_reuse() attributes {ttl.operation_id = "t.stage:1", ttl.grid = array<i64: 1, 1>} {
  // expected-note @+2 {{shares the index}}
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %src = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dst = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %r = ttl.reserve %src : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %r2 = ttl.reserve %dst : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r2 {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  ttl.call_extern_func "external_stage" from "h.hpp"
      template [#ttl.dfb_template<index, dependency = 0>]
      args(%src : !ttl.dfb<1x1xbf16, 2>) dependencies(%dst : !ttl.dfb<1x1xbf16, 2>)
      effects [#ttl.dfb_effect<wait, dependency = 0, tiles = 1>,
               #ttl.dfb_effect<pop, dependency = 0, tiles = 1>,
               #ttl.dfb_effect<wait, dependency = 1, tiles = 1>,
               #ttl.dfb_effect<pop, dependency = 1, tiles = 1>]
      {ttl.kernels = [#cp]}
  return
}

// -----

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// The same call with the effects interleaved (waits for %dst before popping
// %src): the two streams overlap inside the call, no reuse.
// CHECK-LABEL: func.func @external_stage_interleaved
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: ttl.create_dfb {physical_index = 1 : i32}
func.func @external_stage_interleaved() attributes {ttl.operation_id = "t.stage:2", ttl.grid = array<i64: 1, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %src = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 1}}
  %dst = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %r = ttl.reserve %src : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %r2 = ttl.reserve %dst : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r2 {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  ttl.call_extern_func "external_stage" from "h.hpp"
      args(%src : !ttl.dfb<1x1xbf16, 2>) dependencies(%dst : !ttl.dfb<1x1xbf16, 2>)
      effects [#ttl.dfb_effect<wait, dependency = 0, tiles = 1>,
               #ttl.dfb_effect<wait, dependency = 1, tiles = 1>,
               #ttl.dfb_effect<pop, dependency = 0, tiles = 1>,
               #ttl.dfb_effect<pop, dependency = 1, tiles = 1>]
      {ttl.kernels = [#cp]}
  return
}
