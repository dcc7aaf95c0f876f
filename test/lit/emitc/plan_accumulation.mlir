// RUN: ttlang-opt --ttl-plan-accumulation %s | FileCheck %s
// ttl-plan-accumulation records how each accumulating store adds (ttl.accumulation): the
// first contribution to its block (`first`: it overwrites on the first iteration of the loops
// between it and the reservation), or `always_adds` after an earlier store into the block.
// Every store into that block, accumulating or not, packs to tile indices (ttl.indexed_pack);
// a store into a block without accumulating stores is left alone.

// CHECK-LABEL: func.func @first_in_loop
// CHECK: ttl.store %{{.*}}, %{{.*}} {accumulate, ttl.accumulation = #ttl.accumulation<first>, ttl.indexed_pack}
func.func @first_in_loop() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.plan:00">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %r = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  scf.for %k = %c0 to %c4 step %c1 {
    %x = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    %e = ttl.exp %x : !ttl.block<1x1xbf16>
    ttl.store %e, %r {accumulate} : !ttl.block<1x1xbf16>
    ttl.pop %x : !ttl.block<1x1xbf16>
  }
  ttl.push %r : !ttl.block<1x1xbf16>
  return
}

// CHECK-LABEL: func.func @after_store
// CHECK: ttl.store %{{.*}}, %[[R:.*]] {ttl.indexed_pack} : !ttl.block<1x1xbf16>
// CHECK: ttl.store %{{.*}}, %[[R]] {accumulate, ttl.accumulation = #ttl.accumulation<always_adds>, ttl.indexed_pack}
// CHECK: ttl.store %{{.*}}, %{{.*}} : !ttl.block<1x1xbf16>
func.func @after_store() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.plan:01">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %p = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xbf16, 2>
  %x = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %r = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %e = ttl.exp %x : !ttl.block<1x1xbf16>
  ttl.store %e, %r : !ttl.block<1x1xbf16>
  %n = ttl.neg %x : !ttl.block<1x1xbf16>
  ttl.store %n, %r {accumulate} : !ttl.block<1x1xbf16>
  ttl.push %r : !ttl.block<1x1xbf16>
  %q = ttl.reserve %p : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %s = ttl.sqrt %x : !ttl.block<1x1xbf16>
  ttl.store %s, %q : !ttl.block<1x1xbf16>
  ttl.push %q : !ttl.block<1x1xbf16>
  ttl.pop %x : !ttl.block<1x1xbf16>
  return
}
