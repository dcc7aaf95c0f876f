// RUN: ttlang-opt --ttl-plan-accumulation --ttl-plan-unpack-to-dest --ttl-lower-tile-math -split-input-file -verify-diagnostics %s
// A block matmul is stored on its own or with fused element-wise math whose other operands
// are waited blocks, and reads waited blocks directly.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>
func.func @fused() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.mm:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %b = ttl.create_dfb {physical_index = 1 : i32} : !d
  %o = ttl.create_dfb {physical_index = 2 : i32} : !d
  %x = ttl.wait %a : !d -> !blk
  %y = ttl.wait %b : !d -> !blk
  %r = ttl.reserve %o : !d -> !blk
  // expected-note @below {{this matmul}}
  %m = ttl.matmul %x, %y : !blk, !blk -> !blk
  %m2 = ttl.matmul %y, %x : !blk, !blk -> !blk
  %s = ttl.add %m, %m2 : !blk
  // expected-error @below {{a block matmul is stored on its own or as the innermost operand of element-wise math whose other operands are waited blocks (prev + a @ b, relu(a @ b + bias)); this expression combines it otherwise (e.g. with another matmul or a computed block)}}
  ttl.store %s, %r : !blk
  ttl.push %r : !blk
  ttl.pop %x : !blk
  ttl.pop %y : !blk
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>
func.func @math_operand() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.mm:01">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %b = ttl.create_dfb {physical_index = 1 : i32} : !d
  %o = ttl.create_dfb {physical_index = 2 : i32} : !d
  %x = ttl.wait %a : !d -> !blk
  %y = ttl.wait %b : !d -> !blk
  %r = ttl.reserve %o : !d -> !blk
  %e = ttl.exp %x : !blk
  // expected-note @below {{this matmul}}
  %m = ttl.matmul %e, %y : !blk, !blk -> !blk
  // expected-error @below {{a block matmul reads blocks from ttl.wait directly; its operands cannot be other tile math}}
  ttl.store %m, %r : !blk
  ttl.push %r : !blk
  ttl.pop %x : !blk
  ttl.pop %y : !blk
  return
}
