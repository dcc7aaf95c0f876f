// RUN: ttlang-opt --ttl-backend-pipeline %s -split-input-file -verify-diagnostics
// With fp32 DEST accumulation (a compute kernel using an f32 DFB) one DEST section holds 4 tiles,
// not 8: an SFPU expression needing 5 destination registers is an error there (the same
// expression on bf16 blocks compiles: tile_math_sfpu.mlir).

!f = !ttl.dfb<1x1xf32, 2>
!fb = !ttl.block<1x1xf32>

func.func @five_registers() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.regs:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !f
  %o = ttl.create_dfb {physical_index = 1 : i32} : !f
  %x = ttl.wait %a : !f -> !fb
  %r = ttl.reserve %o : !f -> !fb
  // x + (x + (x + (x + x))): every leaf gets its own register before the innermost sum.
  %e4 = ttl.add %x, %x : !fb
  %e3 = ttl.add %x, %e4 : !fb
  %e2 = ttl.add %x, %e3 : !fb
  %e1 = ttl.add %x, %e2 : !fb
  // expected-error @+1 {{tile-math expression needs more than 4 destination registers (the kernel runs with fp32 DEST accumulation, whose sections hold half as many tiles)}}
  ttl.store %e1, %r : !fb
  ttl.push %r : !fb
  ttl.pop %x : !fb
  return
}
