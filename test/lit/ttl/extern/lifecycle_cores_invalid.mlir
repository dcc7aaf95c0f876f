// RUN: ttlang-opt %s --ttl-assign-dfb-indices -split-input-file -verify-diagnostics
// Balance per core: a core on which the coordinate guards make the producers'
// and consumers' counts differ is an unbalanced protocol, named in the error
// (balanced variants: lifecycle_cores.mlir).

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// The reader pushes on column 0, the compute thread pops on columns 0 and 1:
// core (1, 0) pops a tile nobody pushes.
func.func @first_column_against_two_columns() attributes {ttl.operation_id = "t.v:1", ttl.grid = array<i64: 4, 1>} {
  // expected-error @+1 {{unbalanced DFB protocol across kernels: producers push 0 tiles but consumers pop 1 tiles on core (1, 0)}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %col = ttl.node 0
    %first = arith.cmpi eq, %col, %c0 : index
    scf.if %first {
      %r = ttl.reserve %dfb : !d -> !b
      // expected-note @+1 {{produced here}}
      ttl.push %r : !b
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c2 = arith.constant 2 : index
    %col = ttl.node 0
    %left = arith.cmpi slt, %col, %c2 : index
    scf.if %left {
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

// Column 0 against row 0 on a 2x2 grid: core (0, 0) balances, core (1, 0)
// (the first in row-major order that does not) is named.
func.func @column_against_row() attributes {ttl.operation_id = "t.v:2", ttl.grid = array<i64: 2, 2>} {
  // expected-error @+1 {{unbalanced DFB protocol across kernels: producers push 0 tiles but consumers pop 1 tiles on core (1, 0)}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %col = ttl.node 0
    %first_col = arith.cmpi eq, %col, %c0 : index
    scf.if %first_col {
      %r = ttl.reserve %dfb : !d -> !b
      // expected-note @+1 {{produced here}}
      ttl.push %r : !b
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %row = ttl.node 1
    %first_row = arith.cmpi eq, %row, %c0 : index
    scf.if %first_row {
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

// Coordinates with a declared condition: both sides are guarded by #0, but
// only the reader also by `col == 0`; on core (1, 0) with #0 true the compute
// thread pops a tile nobody pushes.
func.func @coordinates_and_declaration() attributes {ttl.operation_id = "t.v:3", ttl.grid = array<i64: 2, 1>} {
  // expected-error @+1 {{unbalanced DFB protocol across kernels: producers push 0 tiles but consumers pop 1 tiles on core (1, 0) when condition #0 is true}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %z = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %a = ttl.call_extern_func "ready" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> -> i64
    %on = arith.cmpi ne, %a, %z : i64
    %col = ttl.node 0
    %first = arith.cmpi eq, %col, %c0 : index
    %both = arith.andi %first, %on : i1
    scf.if %both {
      %r = ttl.reserve %dfb : !d -> !b
      // expected-note @+1 {{produced here}}
      ttl.push %r : !b
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %z = arith.constant 0 : i64
    %a = ttl.call_extern_func "ready" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> -> i64
    %on = arith.cmpi ne, %a, %z : i64
    scf.if %on {
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

// A coordinate guard does not make a per-kernel condition provable: on core
// (0, 0) the reader's push also depends on a value it evaluates on its own.
func.func @coordinates_and_per_kernel_value() attributes {ttl.operation_id = "t.v:4", ttl.grid = array<i64: 2, 1>} {
  // expected-error @+1 {{cannot prove the DFB protocol balanced across kernels: an occurrence is guarded by a condition without dispatch-stable identity}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %z = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %a = ttl.call_extern_func "probe" from "h.hpp" args() -> i64
    %on = arith.cmpi ne, %a, %z : i64
    %col = ttl.node 0
    %first = arith.cmpi eq, %col, %c0 : index
    %both = arith.andi %first, %on : i1
    scf.if %both {
      %r = ttl.reserve %dfb : !d -> !b
      // expected-note @+1 {{produced here by the canonical data-movement kernel, under a condition that kernel evaluates on its own}}
      ttl.push %r : !b
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %col = ttl.node 0
    %first = arith.cmpi eq, %col, %c0 : index
    scf.if %first {
      %w = ttl.wait %dfb : !d -> !b
      ttl.pop %w : !b
    }
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// Loop bounds over coordinates are trip counts known per core: `col + 2`
// against `row + 2` iterations differ on core (1, 0).
func.func @different_coordinate_loop_bounds() attributes {ttl.operation_id = "t.v:5", ttl.grid = array<i64: 2, 2>} {
  // expected-error @+1 {{unbalanced DFB protocol across kernels: producers push 3 tiles but consumers pop 2 tiles on core (1, 0)}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %col = ttl.node 0
    %n = arith.addi %col, %c2 : index
    scf.for %i = %c0 to %n step %c1 {
      %r = ttl.reserve %dfb : !d -> !b
      // expected-note @+1 {{produced here}}
      ttl.push %r : !b
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %row = ttl.node 1
    %n = arith.addi %row, %c2 : index
    scf.for %i = %c0 to %n step %c1 {
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

// Bounds selected by an `if` on the core: the reader gives column 0 one block
// more, the compute thread does not. Core (0, 0) pushes 3 tiles but pops 2.
func.func @bound_selected_by_if_differs() attributes {ttl.operation_id = "t.v:6", ttl.grid = array<i64: 3, 1>} {
  // expected-error @+1 {{unbalanced DFB protocol across kernels: producers push 3 tiles but consumers pop 2 tiles on core (0, 0)}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %col = ttl.node 0
    %first = arith.cmpi slt, %col, %c1 : index
    %count = scf.if %first -> (index) {
      %more = arith.addi %c2, %c1 : index
      scf.yield %more : index
    } else {
      scf.yield %c2 : index
    }
    scf.for %i = %c0 to %count step %c1 {
      %r = ttl.reserve %dfb : !d -> !b
      // expected-note @+1 {{produced here}}
      ttl.push %r : !b
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.for %i = %c0 to %c2 step %c1 {
      %w = ttl.wait %dfb : !d -> !b
      // expected-note @+1 {{consumed here}}
      ttl.pop %w : !b
    }
  }
  return
}
