// RUN: ttlang-opt --ttl-assign-processor-roles --ttl-record-kernel-abi --ttl-package-kernels --convert-ttl-to-emitc -verify-diagnostics %s
// convert-ttl-to-emitc translates lowered tile math only: a ttl.store left for it names the
// pass that lowers it.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>
func.func @unlowered() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.cu:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %o = ttl.create_dfb {physical_index = 1 : i32} : !d
  %x = ttl.wait %a : !d -> !blk
  %r = ttl.reserve %o : !d -> !blk
  %e = ttl.exp %x : !blk
  // expected-error @below {{'ttl.store' op is not lowered; run ttl-lower-tile-math before convert-ttl-to-emitc}}
  ttl.store %e, %r : !blk
  ttl.push %r : !blk
  ttl.pop %x : !blk
  return
}
