// RUN: ttlang-opt --ttl-lower-tile-math %s | FileCheck %s
// ttl-lower-tile-math replaces a ttl.store of tile math with the compute-API calls that
// compute and pack it (emitc.call_opaque, the DFBs bridged to uint32_t by unrealized casts),
// the kernel's hardware startup first; the expression ops are erased and every other TTL op
// stays for convert-ttl-to-emitc.

// CHECK-LABEL: func.func @exp_store
// CHECK: %[[IN:.*]] = ttl.create_dfb {physical_index = 0 : i32}
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %[[IN]] : !ttl.dfb<1x1xbf16, 2> to !emitc.opaque<"uint32_t">
// CHECK: emitc.call_opaque "compute_kernel_hw_startup"(%[[A]], %[[A]], %{{.*}})
// CHECK: ttl.wait %[[IN]]
// CHECK: ttl.reserve
// CHECK-NEXT: emitc.call_opaque "tile_regs_acquire"()
// CHECK-NEXT: emitc.call_opaque "copy_init"(%[[A]])
// CHECK-NEXT: emitc.call_opaque "copy_tile"(%[[A]])
// CHECK-NEXT: emitc.call_opaque "exp_tile_init"()
// CHECK-NEXT: emitc.call_opaque "exp_tile"()
// CHECK-NEXT: emitc.call_opaque "tile_regs_commit"()
// CHECK-NEXT: emitc.call_opaque "tile_regs_wait"()
// CHECK-NEXT: emitc.call_opaque "pack_tile"(%{{.*}}) {args = [0 : i32, 0 : index]}
// CHECK-NEXT: emitc.call_opaque "tile_regs_release"()
// CHECK-NOT: ttl.exp
// CHECK-NOT: ttl.store
// CHECK: ttl.push
func.func @exp_store() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.lt:10">, ttl.unpack_to_dest = array<i64>} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %x = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %r = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %e = ttl.exp %x : !ttl.block<1x1xbf16>
  ttl.store %e, %r : !ttl.block<1x1xbf16>
  ttl.push %r : !ttl.block<1x1xbf16>
  ttl.pop %x : !ttl.block<1x1xbf16>
  return
}
