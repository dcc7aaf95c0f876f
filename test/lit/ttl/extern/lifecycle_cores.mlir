// RUN: ttlang-opt %s --ttl-assign-dfb-indices="report-lifecycles=true" -split-input-file -verify-diagnostics
// Balance per core: on a static grid (`ttl.grid`), every stable predicate over
// `ttl.node` coordinates, `ttl.grid_size` extents and constants is evaluated on
// each core, so guards written differently but equal on every core balance,
// and a guard true on only some cores balances when both sides agree there.
// Loop bounds over coordinates are trip counts known per core too.
// Unbalanced cores: lifecycle_cores_invalid.mlir.

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// `col == 0` in the reader, `col < 1` in the compute thread: two formulas,
// equal on every core of the 4x2 grid.
func.func @equivalent_comparisons() attributes {ttl.operation_id = "t.k:1", ttl.grid = array<i64: 4, 2>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %col = ttl.node 0
    %first = arith.cmpi eq, %col, %c0 : index
    scf.if %first {
      %r = ttl.reserve %dfb : !d -> !b
      ttl.push %r : !b
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c1 = arith.constant 1 : index
    %col = ttl.node 0
    %first = arith.cmpi slt, %col, %c1 : index
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

// The linear core index `row * cols + col == 0` (cols from ttl.grid_size)
// against `row == 0 and col == 0`.
func.func @linear_index_and_conjunction() attributes {ttl.operation_id = "t.k:2", ttl.grid = array<i64: 3, 3>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %col = ttl.node 0
    %row = ttl.node 1
    %cols = ttl.grid_size 0
    %base = arith.muli %row, %cols : index
    %linear = arith.addi %base, %col : index
    %origin = arith.cmpi eq, %linear, %c0 : index
    scf.if %origin {
      %r = ttl.reserve %dfb : !d -> !b
      ttl.push %r : !b
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %col = ttl.node 0
    %row = ttl.node 1
    %first_col = arith.cmpi eq, %col, %c0 : index
    %first_row = arith.cmpi eq, %row, %c0 : index
    %origin = arith.andi %first_row, %first_col : i1
    scf.if %origin {
      %w = ttl.wait %dfb : !d -> !b
      ttl.pop %w : !b
    }
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// A guard true on only some cores, on both sides: the reader pushes two tiles
// on the left half (`col < 2`) and one elsewhere; the compute thread pops one
// tile, and one more unless `col >= 2` (an else branch).
func.func @guard_on_some_cores() attributes {ttl.operation_id = "t.k:3", ttl.grid = array<i64: 4, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %col = ttl.node 0
    %left = arith.cmpi ult, %col, %c2 : index
    %n = arith.select %left, %c2, %c1 : index
    scf.for %i = %c0 to %c2 step %c1 {
      %active = arith.cmpi slt, %i, %n : index
      scf.if %active {
        %r = ttl.reserve %dfb : !d -> !b
        ttl.push %r : !b
      }
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c2 = arith.constant 2 : index
    %col = ttl.node 0
    %right = arith.cmpi sge, %col, %c2 : index
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w : !b
    scf.if %right {
    } else {
      %w2 = ttl.wait %dfb : !d -> !b
      ttl.pop %w2 : !b
    }
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// A loop index compared with the coordinate: on every core of the 4-wide grid
// exactly one of the reader's four iterations pushes (`i == col`).
func.func @index_equals_coordinate() attributes {ttl.operation_id = "t.k:4", ttl.grid = array<i64: 4, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %col = ttl.node 0
    scf.for %i = %c0 to %c4 step %c1 {
      %mine = arith.cmpi eq, %i, %col : index
      scf.if %mine {
        %r = ttl.reserve %dfb : !d -> !b
        ttl.push %r : !b
      }
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %w = ttl.wait %dfb : !d -> !b
    ttl.pop %w : !b
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// Coordinates combined with a declared dispatch condition: the reader pushes
// under `col == 0 and #0`, the compute thread pops under `#0` inside
// `not (col > 0)`; balanced on every core and for both values of #0.
func.func @coordinates_and_declaration() attributes {ttl.operation_id = "t.k:5", ttl.grid = array<i64: 2, 2>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
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
      ttl.push %r : !b
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %z = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %a = ttl.call_extern_func "ready" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> -> i64
    %on = arith.cmpi ne, %a, %z : i64
    %col = ttl.node 0
    %later = arith.cmpi sgt, %col, %c0 : index
    %first = arith.xori %later, %true : i1
    scf.if %first {
      scf.if %on {
        %w = ttl.wait %dfb : !d -> !b
        ttl.pop %w : !b
      }
    }
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// Work partitioned by core: the reader loops over its tile range
// [col * 2, col * 2 + 2 + (col == 3 ? 1 : 0)), the compute thread over
// `2 + (col > 2)` tiles: different loop bounds, equal trip counts per core.
func.func @partitioned_tile_ranges() attributes {ttl.operation_id = "t.k:6", ttl.grid = array<i64: 4, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %col = ttl.node 0
    %start = arith.muli %col, %c2 : index
    %last = arith.cmpi eq, %col, %c3 : index
    %extra = arith.select %last, %c1, %c0 : index
    %base = arith.addi %start, %c2 : index
    %end = arith.addi %base, %extra : index
    scf.for %t = %start to %end step %c1 {
      %r = ttl.reserve %dfb : !d -> !b
      ttl.push %r : !b
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %col = ttl.node 0
    %later = arith.cmpi sgt, %col, %c2 : index
    %wide = arith.extui %later : i1 to i64
    %extra = arith.index_cast %wide : i64 to index
    %n = arith.addi %c2, %extra : index
    scf.for %i = %c0 to %n step %c1 {
      %w = ttl.wait %dfb : !d -> !b
      ttl.pop %w : !b
    }
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// An uneven split written the tt-lang 1.1 way: each thread computes its own
// `count = base; if col < extra: count += 1` (an scf.if yielding the bound),
// the reader as two nested loops, the compute thread as one loop of the
// product. The trip counts are known per core through the branch taken.
func.func @bound_selected_by_if() attributes {ttl.operation_id = "t.k:7", ttl.grid = array<i64: 3, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
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
      scf.for %j = %c0 to %c2 step %c1 {
        %r = ttl.reserve %dfb : !d -> !b
        ttl.push %r : !b
      }
    }
  }
  ttl.thread #ttl.kernel<compute> {
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
    %n = arith.muli %count, %c2 : index
    scf.for %i = %c0 to %n step %c1 {
      %w = ttl.wait %dfb : !d -> !b
      ttl.pop %w : !b
    }
  }
  return
}
