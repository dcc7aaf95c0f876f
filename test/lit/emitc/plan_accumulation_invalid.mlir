// RUN: ttlang-opt --ttl-plan-accumulation -split-input-file -verify-diagnostics %s
// ttl-plan-accumulation rejects what it cannot plan. An accumulating store in a runtime if
// below its reservation: which contribution overwrites the block would be known only at run
// time. (The kernels take their condition as an i1 parameter, which ttl-record-kernel-abi
// rejects; the plan does not need the ABI.) An accumulated reduction: the reduction lowering
// packs plainly, so `+=` would silently overwrite.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>
func.func @in_if(%p: i1) attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.acc:02">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %o = ttl.create_dfb {physical_index = 1 : i32} : !d
  // expected-note @below {{the block reserved here}}
  %r = ttl.reserve %o : !d -> !blk
  scf.if %p {
    %x = ttl.wait %a : !d -> !blk
    %e = ttl.exp %x : !blk
    // expected-error @below {{an accumulating store (blk += ...) sits in a runtime if below its block's reservation}}
    ttl.store %e, %r {accumulate} : !blk
    ttl.pop %x : !blk
  }
  ttl.push %r : !blk
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>
func.func @reduction() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.acc:04">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %s = ttl.create_dfb {physical_index = 1 : i32} : !d
  %o = ttl.create_dfb {physical_index = 2 : i32} : !d
  %x = ttl.wait %a : !d -> !blk
  %y = ttl.wait %s : !d -> !blk
  %r = ttl.reserve %o : !d -> !blk
  %m = ttl.reduce_sum %x, %y dims = [1] : !blk, !blk -> !blk
  // expected-error @below {{a reduction cannot be accumulated into a block (+=): store it into a DFB, wait for it, and add that block}}
  ttl.store %m, %r {accumulate} : !blk
  ttl.push %r : !blk
  ttl.pop %y : !blk
  ttl.pop %x : !blk
  return
}
