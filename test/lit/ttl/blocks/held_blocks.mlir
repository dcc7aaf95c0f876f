// RUN: ttlang-opt %s --ttl-verify-block-lifetimes | FileCheck %s
// Valid holding patterns pass unchanged: blocks of different DFBs held
// together, a reserved and a waited block of one DFB held together, blocks
// of one DFB acquired one after another, and a block per loop iteration.

// CHECK-LABEL: func.func @valid
func.func @valid() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // CHECK: ttl.wait %{{.*}}
  %x = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %y = ttl.reserve %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %s = ttl.exp %x : !ttl.block<1x1xbf16>
  ttl.store %s, %y : !ttl.block<1x1xbf16>
  ttl.push %r : !ttl.block<1x1xbf16>
  ttl.push %y : !ttl.block<1x1xbf16>
  ttl.pop %x : !ttl.block<1x1xbf16>
  %x2 = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %x2 : !ttl.block<1x1xbf16>
  scf.for %i = %c0 to %c2 step %c1 {
    %w = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.pop %w : !ttl.block<1x1xbf16>
  }
  return
}
