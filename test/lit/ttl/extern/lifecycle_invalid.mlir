// RUN: ttlang-opt %s --ttl-assign-dfb-indices -split-input-file -verify-diagnostics
// Protocols proven unbalanced across kernels are errors at the buffer, with
// notes at its producers and consumers (unprovable ones:
// lifecycle_unprovable_invalid.mlir).

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

func.func @more_pops_than_pushes() attributes {ttl.operation_id = "t.u:1", ttl.grid = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  // expected-error @+1 {{unbalanced DFB protocol across kernels: producers push 1 tiles but consumers pop 3 tiles}}
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-note @+1 {{produced here}}
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  scf.for %i = %c0 to %c3 step %c1 {
    %w = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    // expected-note @+1 {{consumed here}}
    ttl.pop %w {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  }
  return
}

// -----

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

func.func @external_effects_unbalanced() attributes {ttl.operation_id = "t.u:2", ttl.grid = array<i64: 1, 1>} {
  // expected-error @+1 {{producers push 4 tiles but consumers pop 2 tiles}}
  %a = ttl.create_dfb : !ttl.dfb<2x2xbf16, 2>
  // expected-note @+1 {{produced here}}
  ttl.call_extern_func "fill" from "h.hpp" args(%a : !ttl.dfb<2x2xbf16, 2>)
      effects [#ttl.dfb_effect<reserve, dependency = 0, tiles = 4>,
               #ttl.dfb_effect<push, dependency = 0, tiles = 4>] {ttl.kernels = [#dm]}
  // expected-note @+1 {{consumed here}}
  ttl.call_extern_func "drain" from "h.hpp" args(%a : !ttl.dfb<2x2xbf16, 2>)
      effects [#ttl.dfb_effect<wait, dependency = 0, tiles = 2>,
               #ttl.dfb_effect<pop, dependency = 0, tiles = 2>] {ttl.kernels = [#cp]}
  return
}

// -----

#dm = #ttl.kernel<data_movement>

func.func @never_released() attributes {ttl.operation_id = "t.u:3", ttl.grid = array<i64: 1, 1>} {
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-error @+1 {{unbalanced DFB protocol: the block acquired here is never released; every ttl.wait needs one ttl.pop}}
  %w = ttl.wait %a {ttl.kernels = [#dm]} : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  return
}

// -----

#dm = #ttl.kernel<data_movement>

func.func @released_twice() attributes {ttl.operation_id = "t.u:4", ttl.grid = array<i64: 1, 1>} {
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-note @+1 {{acquired here}}
  %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  // expected-error @+1 {{unbalanced DFB protocol: the block is released 2 times; every ttl.reserve needs one ttl.push}}
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// Guards on indices of constant loops are counted per iteration: the
// producer pushes when the outer index is 0 (2 times), the consumer pops when
// both indices are 0 (once).
func.func @index_guards_at_different_depths() attributes {ttl.operation_id = "t.u:5", ttl.grid = array<i64: 1, 1>} {
  // expected-error @+1 {{unbalanced DFB protocol across kernels: producers push 2 tiles but consumers pop 1 tiles}}
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %k = %c0 to %c2 step %c1 {
        %first = arith.cmpi eq, %i, %c0 : index
        scf.if %first {
          %r = ttl.reserve %dfb : !d -> !b
          // expected-note @+1 {{produced here}}
          ttl.push %r : !b
        }
      }
    }
  }
  ttl.thread #ttl.kernel<compute> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %k = %c0 to %c2 step %c1 {
        %fi = arith.cmpi eq, %i, %c0 : index
        %fk = arith.cmpi eq, %k, %c0 : index
        %both = arith.andi %fi, %fk : i1
        scf.if %both {
          %w = ttl.wait %dfb : !d -> !b
          // expected-note @+1 {{consumed here}}
          ttl.pop %w : !b
        }
      }
    }
  }
  return
}
