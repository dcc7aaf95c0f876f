// RUN: ttlang-opt --ttl-assign-processor-roles --convert-ttl-to-emitc -split-input-file -verify-diagnostics %s
// An accumulating store in a runtime if below its reservation: which contribution overwrites
// the block would be known only at run time.
// The kernels take their condition as an i1 parameter, which ttl-record-kernel-abi rejects; the
// conversion checks accumulating stores before it reads the ABI, so the ABI pass is left out.

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
