// RUN: ttlang-opt %s --ttl-assign-dfb-indices -split-input-file -verify-diagnostics
// The DFBs of an operation must fit the target's L1 per core (wormhole_b0: 1463968 B).

func.func @two_gigabytes() {
  %small = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-error @+1 {{the dataflow buffers of this operation need 2147487744 B of L1 per core but target 'wormhole_b0' has 1463968 B for them; the largest, this one (1048576 blocks of 1 tiles of 2048 B), takes 2147483648 B}}
  %huge = ttl.create_dfb : !ttl.dfb<1x1xbf16, 1048576>
  return
}

// -----

// 357 f32 tiles (1462272 B) fit; one more bf16 tile (2048 B) does not.
func.func @just_over() {
  // expected-error @+1 {{need 1464320 B of L1 per core but target 'wormhole_b0' has 1463968 B for them; the largest, this one (357 blocks of 1 tiles of 4096 B), takes 1462272 B}}
  %a = ttl.create_dfb : !ttl.dfb<1x1xf32, 357>
  %b = ttl.create_dfb : !ttl.dfb<1x1xbf16, 1>
  return
}

// -----

func.func @fits() {
  %a = ttl.create_dfb : !ttl.dfb<1x1xf32, 357>
  return
}
