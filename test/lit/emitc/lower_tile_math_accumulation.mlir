// RUN: ttlang-opt --ttl-lower-tile-math %s | FileCheck %s
// ttl-lower-tile-math packs as ttl-plan-accumulation recorded: a store marked
// #ttl.accumulation<always_adds> packs between pack_reconfig_l1_acc(1) and
// pack_reconfig_l1_acc(0), a `first` contribution outside loops packs plainly, and
// ttl.indexed_pack names the tile index (pack_tile<true>(d, out, tile)).

// CHECK-LABEL: func.func @as_recorded
// CHECK: emitc.call_opaque "exp_tile"
// CHECK: emitc.call_opaque "tile_regs_wait"()
// CHECK-NEXT: emitc.call_opaque "pack_tile"(%{{.*}}) {args = [0 : i32, 0 : index, 0 : i32], template_args = [#emitc.opaque<"true">]}
// CHECK-NEXT: emitc.call_opaque "tile_regs_release"()
// CHECK: emitc.call_opaque "negative_tile"
// CHECK: emitc.call_opaque "tile_regs_wait"()
// CHECK-NEXT: emitc.call_opaque "pack_reconfig_l1_acc"() {args = [1 : i32]}
// CHECK-NEXT: emitc.call_opaque "pack_tile"(%{{.*}}) {args = [0 : i32, 0 : index, 0 : i32], template_args = [#emitc.opaque<"true">]}
// CHECK-NEXT: emitc.call_opaque "pack_reconfig_l1_acc"() {args = [0 : i32]}
func.func @as_recorded() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.lt:11">, ttl.unpack_to_dest = array<i64>} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %x = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %r = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %e = ttl.exp %x : !ttl.block<1x1xbf16>
  ttl.store %e, %r {accumulate, ttl.accumulation = #ttl.accumulation<first>, ttl.indexed_pack} : !ttl.block<1x1xbf16>
  %n = ttl.neg %x : !ttl.block<1x1xbf16>
  ttl.store %n, %r {accumulate, ttl.accumulation = #ttl.accumulation<always_adds>, ttl.indexed_pack} : !ttl.block<1x1xbf16>
  ttl.push %r : !ttl.block<1x1xbf16>
  ttl.pop %x : !ttl.block<1x1xbf16>
  return
}
