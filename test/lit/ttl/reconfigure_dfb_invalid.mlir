// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// Verifier of ttl.reconfigure_dfb and of the ttl.runtime_resources attribute.

func.func @zero_blocks() {
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-error @+1 {{'ttl.reconfigure_dfb' op block_count must be at least 1, got 0}}
  ttl.reconfigure_dfb %dfb block_count = 0 : !ttl.dfb<1x1xbf16, 2>
  return
}

// -----

func.func @ring_beyond_32_bits() {
  %dfb = ttl.create_dfb : !ttl.dfb<2x2xf32, 2>
  // expected-error @+1 {{'ttl.reconfigure_dfb' op block_count = 1073741824 of 4-tile blocks needs more than 4 GiB: a circular buffer's size is a 32-bit byte count}}
  ttl.reconfigure_dfb %dfb block_count = 1073741824 : !ttl.dfb<2x2xf32, 2>
  return
}

// -----

func.func @not_created(%dfb: !ttl.dfb<1x1xbf16, 2>) {
  // expected-error @+1 {{'ttl.reconfigure_dfb' op reconfigures a value that does not come from ttl.create_dfb}}
  ttl.reconfigure_dfb %dfb block_count = 2 : !ttl.dfb<1x1xbf16, 2>
  return
}

// -----

func.func @in_loop() {
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c2 step %c1 {
    // expected-error @+1 {{'ttl.reconfigure_dfb' op must be directly in an operation, thread or kernel body, not in 'scf.for': a synchronized point runs exactly once}}
    ttl.reconfigure_dfb %dfb block_count = 2 : !ttl.dfb<1x1xbf16, 2>
  }
  return
}

// -----

func.func @outstanding() {
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-note @+1 {{block acquired here}}
  %blk = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.reconfigure_dfb' op reconfigures a DFB whose block is still outstanding; push or pop it before the synchronized point}}
  ttl.reconfigure_dfb %dfb block_count = 2 : !ttl.dfb<1x1xbf16, 2>
  ttl.push %blk : !ttl.block<1x1xbf16>
  return
}

// -----

// expected-error @+1 {{'func.func' op 'ttl.runtime_resources' must be a unit attribute on an operation or kernel function}}
func.func @resources_without_operation() attributes {ttl.runtime_resources} {
  return
}
