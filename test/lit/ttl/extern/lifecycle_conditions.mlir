// RUN: ttlang-opt %s --ttl-assign-dfb-indices="report-lifecycles=true" -split-input-file -verify-diagnostics
// Condition identity in the DFB lifecycle proof: a producer's guarded push
// and a consumer's guarded pop balance under one declaration; distinct or
// negated declarations are unbalanced in some dispatch. Conditions without
// identity are errors (lifecycle_unprovable_invalid.mlir) unless one kernel
// both produces and consumes under them; stable predicates and loop bounds
// computed alike in several threads are one condition / one trip count.

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

// -----

#dm = #ttl.kernel<data_movement>

// An ordinary call's result is evaluated by each kernel on its own, but here
// one kernel both produces and consumes under it: the same evaluation.
func.func @per_kernel_value_in_one_kernel() attributes {ttl.operation_id = "t.c:8", ttl.grid = array<i64: 1, 1>} {
  %z = arith.constant 0 : i64
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %p = ttl.call_extern_func "probe" from "h.hpp" args() {ttl.kernels = [#dm]} -> i64
  %on = arith.cmpi ne, %p, %z : i64
  scf.if %on {
    %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
    %w = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.pop %w {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  }
  return
}

// -----

// Explicit threads (tt-lang 1.1 style): each thread computes its own
// `col == 0` and its own loop over `col + 2` iterations; equal formulas are
// one condition and one trip count, so the guarded push and pop balance.
func.func @stable_formulas_across_threads() attributes {ttl.operation_id = "t.c:9", ttl.grid = array<i64: 2, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %col = ttl.node 0
    %first = arith.cmpi eq, %col, %c0 : index
    %n = arith.addi %col, %c2 : index
    scf.for %i = %c0 to %n step %c1 {
      scf.if %first {
        %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
        ttl.push %r : !ttl.block<1x1xbf16>
      }
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %col = ttl.node 0
    %first = arith.cmpi eq, %col, %c0 : index
    %n = arith.addi %col, %c2 : index
    scf.if %first {
      scf.for %i = %c0 to %n step %c1 {
        %w = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
        ttl.pop %w : !ttl.block<1x1xbf16>
      }
    }
  }
  return
}

// -----

// Explicit threads with equal constant loop bounds (4 x 1 tile pushed,
// 2 x 2 x 1 tile popped) and a guard on a loop index in both threads: the
// loops have equal bounds at equal depth, so `i == 0` is one condition.
func.func @constant_loops_and_index_guards() attributes {ttl.operation_id = "t.c:10", ttl.grid = array<i64: 1, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 1}}
  %once = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
      ttl.push %r : !ttl.block<1x1xbf16>
      %first = arith.cmpi eq, %i, %c0 : index
      scf.if %first {
        %r2 = ttl.reserve %once : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
        ttl.push %r2 : !ttl.block<1x1xbf16>
      }
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %w = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
        ttl.pop %w : !ttl.block<1x1xbf16>
      }
    }
    scf.for %k = %c0 to %c4 step %c1 {
      %first = arith.cmpi eq, %k, %c0 : index
      scf.if %first {
        %w2 = ttl.wait %once : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
        ttl.pop %w2 : !ttl.block<1x1xbf16>
      }
    }
  }
  return
}

// -----

#cp = #ttl.kernel<compute>
#dm = #ttl.kernel<data_movement>

// A unified loop over a stable, non-constant count (the core's column + 1)
// holds both sides: one trip count for both kernels.
func.func @stable_loop_shared() attributes {ttl.operation_id = "t.c:11", ttl.grid = array<i64: 2, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %col = ttl.node 0
  %n = arith.addi %col, %c1 : index
  scf.for %i = %c0 to %n step %c1 {
    %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
    %w = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.pop %w {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  }
  return
}

// -----

// A tile loaded on the first iteration of the reader's loop and consumed
// once by the compute thread: guards on indices of constant loops are
// counted per iteration (1 push), not as a condition of the whole loop.
func.func @first_iteration_only() attributes {ttl.operation_id = "t.c:12", ttl.grid = array<i64: 1, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %scaler = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %first = arith.cmpi eq, %i, %c0 : index
      scf.if %first {
        %r = ttl.reserve %scaler : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
        ttl.push %r : !ttl.block<1x1xbf16>
      }
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %w = ttl.wait %scaler : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.pop %w : !ttl.block<1x1xbf16>
  }
  return
}

// -----

// Index guards mixed with a stable condition: on column 0 the reader pushes on
// even iterations (2 of 4), the compute thread pops twice.
func.func @index_guard_and_stable_condition() attributes {ttl.operation_id = "t.c:13", ttl.grid = array<i64: 2, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %col = ttl.node 0
    %first_col = arith.cmpi eq, %col, %c0 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %rem = arith.remsi %i, %c2 : index
      %even = arith.cmpi eq, %rem, %c0 : index
      %both = arith.andi %first_col, %even : i1
      scf.if %both {
        %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
        ttl.push %r : !ttl.block<1x1xbf16>
      }
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %col = ttl.node 0
    %first_col = arith.cmpi eq, %col, %c0 : index
    scf.if %first_col {
      scf.for %i = %c0 to %c2 step %c1 {
        %w = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
        ttl.pop %w : !ttl.block<1x1xbf16>
      }
    }
  }
  return
}

// -----

#dm = #ttl.kernel<data_movement>

// A loop over a count only one kernel computes, holding both sides in that
// kernel: one trip count.
func.func @per_kernel_loop_in_one_kernel() attributes {ttl.operation_id = "t.c:14", ttl.grid = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %count = ttl.call_extern_func "count" from "h.hpp" args() {ttl.kernels = [#dm]} -> i64
  %n = arith.index_cast %count : i64 to index
  scf.for %i = %c0 to %n step %c1 {
    %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
    %w = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.pop %w {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  }
  return
}
