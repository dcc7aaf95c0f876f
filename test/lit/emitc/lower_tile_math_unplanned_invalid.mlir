// RUN: ttlang-opt --ttl-lower-tile-math -split-input-file -verify-diagnostics %s
// ttl-lower-tile-math lowers what the planning passes recorded: a compute kernel with tile
// math needs its ttl.unpack_to_dest (ttl-plan-unpack-to-dest) and every accumulating store
// its ttl.accumulation (ttl-plan-accumulation).

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>
// expected-error @below {{'func.func' op has no 'ttl.unpack_to_dest'; run ttl-plan-unpack-to-dest before ttl-lower-tile-math}}
func.func @no_unpack_plan() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.lt:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %o = ttl.create_dfb {physical_index = 1 : i32} : !d
  %x = ttl.wait %a : !d -> !blk
  %r = ttl.reserve %o : !d -> !blk
  %e = ttl.exp %x : !blk
  ttl.store %e, %r : !blk
  ttl.push %r : !blk
  ttl.pop %x : !blk
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>
func.func @no_accumulation_plan() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.lt:01">, ttl.unpack_to_dest = array<i64>} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %o = ttl.create_dfb {physical_index = 1 : i32} : !d
  %x = ttl.wait %a : !d -> !blk
  %r = ttl.reserve %o : !d -> !blk
  %e = ttl.exp %x : !blk
  // expected-error @below {{'ttl.store' op has no 'ttl.accumulation'; run ttl-plan-accumulation before ttl-lower-tile-math}}
  ttl.store %e, %r {accumulate} : !blk
  ttl.push %r : !blk
  ttl.pop %x : !blk
  return
}
