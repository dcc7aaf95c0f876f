// RUN: ttlang-opt %s --ttl-assign-dfb-indices="report-lifecycles=true" -split-input-file -verify-diagnostics
// Loop nests whose inner bounds depend on an outer loop's index: when the
// outer loops' bounds are known on the core (constants, coordinates, grid
// extents), the outer iterations are enumerated and the inner trip counts
// summed, so a triangular nest balances against a flat loop of the same
// total. Unbalanced nests: lifecycle_nested_invalid.mlir.

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// `for i in range(4): for j in range(i + 1)` (1 + 2 + 3 + 4 = 10 tiles)
// against `for k in range(10)`.
func.func @triangular_against_flat() attributes {ttl.operation_id = "t.n:1", ttl.grid = array<i64: 2, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %n = arith.addi %i, %c1 : index
      scf.for %j = %c0 to %n step %c1 {
        %r = ttl.reserve %dfb : !d -> !b
        ttl.push %r : !b
      }
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    scf.for %k = %c0 to %c10 step %c1 {
      %w = ttl.wait %dfb : !d -> !b
      ttl.pop %w : !b
    }
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// The inner bound depends on the outer index and the core:
// `for i in range(3): for j in range(i + col)` runs 3 * col + 3 iterations on
// column `col`, which the compute thread pops in one flat loop.
func.func @inner_bound_over_index_and_core() attributes {ttl.operation_id = "t.n:2", ttl.grid = array<i64: 3, 2>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %col = ttl.node 0
    scf.for %i = %c0 to %c3 step %c1 {
      %n = arith.addi %i, %col : index
      scf.for %j = %c0 to %n step %c1 {
        %r = ttl.reserve %dfb : !d -> !b
        ttl.push %r : !b
      }
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %col = ttl.node 0
    %scaled = arith.muli %col, %c3 : index
    %n = arith.addi %scaled, %c3 : index
    scf.for %k = %c0 to %n step %c1 {
      %w = ttl.wait %dfb : !d -> !b
      ttl.pop %w : !b
    }
  }
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// Two triangular nests of different shapes, each summing to 6 per core:
// `for i in range(3): for j in range(i + 1)` (1 + 2 + 3) and
// `for i in range(1, 4): for j in range(i, 4)` (3 + 2 + 1), with a guard on
// the inner index in the consumer that every iteration decides.
func.func @two_triangles_with_index_guard() attributes {ttl.operation_id = "t.n:3", ttl.grid = array<i64: 1, 1>} {
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 0}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    scf.for %i = %c0 to %c3 step %c1 {
      %n = arith.addi %i, %c1 : index
      scf.for %j = %c0 to %n step %c1 {
        %r = ttl.reserve %dfb : !d -> !b
        ttl.push %r : !b
      }
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c1 to %c4 step %c1 {
      scf.for %j = %i to %c4 step %c1 {
        %w = ttl.wait %dfb : !d -> !b
        ttl.pop %w : !b
      }
    }
    // j >= i holds in every iteration of this nest: its 6 pops happen,
    // and the nest below (j < i never) pops nothing.
    scf.for %i = %c1 to %c4 step %c1 {
      scf.for %j = %i to %c4 step %c1 {
        %never = arith.cmpi slt, %j, %i : index
        scf.if %never {
          %w = ttl.wait %dfb : !d -> !b
          ttl.pop %w : !b
        }
      }
    }
  }
  return
}
