// RUN: ttlang-opt %s --ttl-assign-dfb-indices -split-input-file -verify-diagnostics
// Loop nests whose inner bounds depend on an outer loop's index are counted
// exactly (balanced variants: lifecycle_nested.mlir): a nest that does not
// balance is an unbalanced protocol, named per core; a nest too large to
// enumerate stays unprovable.

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// `for i in range(4): for j in range(i + 1)` pushes 10 tiles; 9 are popped.
func.func @triangular_against_short_flat() attributes {ttl.operation_id = "t.m:1", ttl.grid = array<i64: 1, 1>} {
  // expected-error @+1 {{unbalanced DFB protocol across kernels: producers push 10 tiles but consumers pop 9 tiles}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %n = arith.addi %i, %c1 : index
      scf.for %j = %c0 to %n step %c1 {
        %r = ttl.reserve %dfb : !d -> !b
        // expected-note @+1 {{produced here}}
        ttl.push %r : !b
      }
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    scf.for %k = %c0 to %c9 step %c1 {
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

// `for i in range(col + 2): for j in range(i + 1)` against `for k in range(3)`:
// column 0 pushes 1 + 2 = 3 and balances; column 1 pushes 1 + 2 + 3 = 6.
func.func @triangular_over_core() attributes {ttl.operation_id = "t.m:2", ttl.grid = array<i64: 2, 2>} {
  // expected-error @+1 {{unbalanced DFB protocol across kernels: producers push 6 tiles but consumers pop 3 tiles on core (1, 0)}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %col = ttl.node 0
    %outer = arith.addi %col, %c2 : index
    scf.for %i = %c0 to %outer step %c1 {
      %n = arith.addi %i, %c1 : index
      scf.for %j = %c0 to %n step %c1 {
        %r = ttl.reserve %dfb : !d -> !b
        // expected-note @+1 {{produced here}}
        ttl.push %r : !b
      }
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    scf.for %k = %c0 to %c3 step %c1 {
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

// 5000 outer iterations exceed the enumeration budget (4096): the inner trip
// count stays symbolic and the balance unprovable.
func.func @nest_beyond_budget() attributes {ttl.operation_id = "t.m:3", ttl.grid = array<i64: 1, 1>} {
  // expected-error-re @+1 {{cannot prove the DFB protocol balanced across kernels: producers push 5000 x (trip count of the loop at {{.*}}) tiles but consumers pop 5000 tiles}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5000 = arith.constant 5000 : index
    scf.for %i = %c0 to %c5000 step %c1 {
      %n = arith.remui %i, %c1 : index
      %m = arith.addi %n, %c1 : index
      scf.for %j = %c0 to %m step %c1 {
        %r = ttl.reserve %dfb : !d -> !b
        // expected-note @+1 {{produced here}}
        ttl.push %r : !b
      }
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5000 = arith.constant 5000 : index
    scf.for %k = %c0 to %c5000 step %c1 {
      %w = ttl.wait %dfb : !d -> !b
      // expected-note @+1 {{consumed here}}
      ttl.pop %w : !b
    }
  }
  return
}
