// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// `ttl.store {accumulate}` (Python `blk += expr`). A plain matmul accumulated in a loop right
// below the block's reservation, the loop's only math, with the block fitting one DEST section,
// keeps its partial sums in DEST: acquire before the loop, matmul_tiles in it, pack after it.
// Every other accumulating store adds through the packer's L1 accumulation:
// pack_reconfig_l1_acc(on) before its packs and pack_reconfig_l1_acc(0) after them. The first
// contribution to a reserved block overwrites: in a loop it adds unless the loop is at its
// first iteration; after another store into the block it always adds. Every store into a
// block that accumulates packs to tile indices (pack_tile<true>(d, out, tile)): in-order packs
// would move on to the block's next pages (the write pointer is reset only by cb_push_back).

// CHECK-LABEL: // ===== kernel dest_k_loop =====
// CHECK: cb_reserve_back([[O:v[0-9]+]], 2);
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: for (size_t {{.*}}) {
// CHECK: cb_wait_front(
// CHECK: matmul_init([[A:v[0-9]+]], [[B:v[0-9]+]]);
// CHECK-NEXT: for (size_t [[N:[a-z][0-9]+]] = {{.*}}) {
// CHECK-NEXT: matmul_tiles([[A]], [[B]], 0, [[N]], [[N]]);
// CHECK-NEXT: }
// CHECK-NOT: tile_regs
// CHECK: cb_pop_front(
// CHECK: }
// CHECK-NEXT: tile_regs_commit();
// CHECK-NEXT: tile_regs_wait();
// CHECK-NEXT: for (size_t [[P:[a-z][0-9]+]] = {{.*}}) {
// CHECK-NEXT: pack_tile<true>([[P]], [[O]], [[P]]);
// CHECK-NEXT: }
// CHECK-NEXT: tile_regs_release();
// CHECK-NEXT: cb_push_back([[O]], 2);
func.func @dest_k_loop() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.acc:03">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x2xbf16, 2>
  %o = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x2xbf16, 2>
  %r = ttl.reserve %o : !ttl.dfb<1x2xbf16, 2> -> !ttl.block<1x2xbf16>
  scf.for %k = %c0 to %c4 step %c1 {
    %x = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    %y = ttl.wait %b : !ttl.dfb<1x2xbf16, 2> -> !ttl.block<1x2xbf16>
    %m = ttl.matmul %x, %y : !ttl.block<1x1xbf16>, !ttl.block<1x2xbf16> -> !ttl.block<1x2xbf16>
    ttl.store %m, %r {accumulate} : !ttl.block<1x2xbf16>
    ttl.pop %y : !ttl.block<1x2xbf16>
    ttl.pop %x : !ttl.block<1x1xbf16>
  }
  ttl.push %r : !ttl.block<1x2xbf16>
  return
}

// exp(a @ b) accumulated in a loop: not a plain matmul, so L1 accumulation, overwriting on
// the first iteration.
// CHECK-LABEL: // ===== kernel l1_k_loop =====
// CHECK: cb_reserve_back([[O:v[0-9]+]], 1);
// CHECK-NEXT: for (size_t [[K:[a-z][0-9]+]] = [[LB:v[0-9]+]]; {{.*}}) {
// CHECK: bool [[ON:v[0-9]+]] = (ptrdiff_t) [[K]] != (ptrdiff_t) [[LB]];
// CHECK: exp_tile(0);
// CHECK: tile_regs_wait();
// CHECK-NEXT: pack_reconfig_l1_acc([[ON]]);
// CHECK-NEXT: pack_tile<true>(0, [[O]], 0);
// CHECK-NEXT: pack_reconfig_l1_acc(0);
// CHECK-NEXT: tile_regs_release();
// CHECK: }
// CHECK-NEXT: cb_push_back([[O]], 1);
func.func @l1_k_loop() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.acc:00">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xbf16, 2>
  %r = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  scf.for %k = %c0 to %c4 step %c1 {
    %x = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    %y = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    %m = ttl.matmul %x, %y : !ttl.block<1x1xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xbf16>
    %e = ttl.exp %m : !ttl.block<1x1xbf16>
    ttl.store %e, %r {accumulate} : !ttl.block<1x1xbf16>
    ttl.pop %y : !ttl.block<1x1xbf16>
    ttl.pop %x : !ttl.block<1x1xbf16>
  }
  ttl.push %r : !ttl.block<1x1xbf16>
  return
}

// A plain store, then `+=` of an FPU add: the second store always adds; the first has no call.
// CHECK-LABEL: // ===== kernel after_store =====
// CHECK-NOT: pack_reconfig_l1_acc
// CHECK: exp_tile(0);
// CHECK: tile_regs_wait();
// CHECK-NEXT: pack_tile<true>(0, [[O:v[0-9]+]], 0);
// CHECK: add_tiles(
// CHECK: tile_regs_wait();
// CHECK-NEXT: pack_reconfig_l1_acc(1);
// CHECK-NEXT: pack_tile<true>(0, [[O]], 0);
// CHECK-NEXT: pack_reconfig_l1_acc(0);
func.func @after_store() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.acc:01">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xbf16, 2>
  %x = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %y = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %r = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %e = ttl.exp %x : !ttl.block<1x1xbf16>
  ttl.store %e, %r : !ttl.block<1x1xbf16>
  %s = ttl.add %x, %y : !ttl.block<1x1xbf16>
  ttl.store %s, %r {accumulate} : !ttl.block<1x1xbf16>
  ttl.push %r : !ttl.block<1x1xbf16>
  ttl.pop %y : !ttl.block<1x1xbf16>
  ttl.pop %x : !ttl.block<1x1xbf16>
  return
}

// A plain matmul += whose 3x3-tile block does not fit one DEST section (8 tiles): L1
// accumulation, in groups of DEST registers like any matmul store.
// CHECK-LABEL: // ===== kernel too_big_for_dest =====
// CHECK: cb_reserve_back([[O:v[0-9]+]], 9);
// CHECK-NEXT: for (size_t [[K:[a-z][0-9]+]] = [[LB:v[0-9]+]]; {{.*}}) {
// CHECK: bool [[ON:v[0-9]+]] = (ptrdiff_t) [[K]] != (ptrdiff_t) [[LB]];
// CHECK: tile_regs_acquire();
// CHECK: matmul_tiles(
// CHECK: tile_regs_wait();
// CHECK-NEXT: pack_reconfig_l1_acc([[ON]]);
// CHECK: pack_tile<true>(
// CHECK: pack_reconfig_l1_acc(0);
func.func @too_big_for_dest() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.acc:04">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<3x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x3xbf16, 2>
  %o = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<3x3xbf16, 2>
  %r = ttl.reserve %o : !ttl.dfb<3x3xbf16, 2> -> !ttl.block<3x3xbf16>
  scf.for %k = %c0 to %c4 step %c1 {
    %x = ttl.wait %a : !ttl.dfb<3x1xbf16, 2> -> !ttl.block<3x1xbf16>
    %y = ttl.wait %b : !ttl.dfb<1x3xbf16, 2> -> !ttl.block<1x3xbf16>
    %m = ttl.matmul %x, %y : !ttl.block<3x1xbf16>, !ttl.block<1x3xbf16> -> !ttl.block<3x3xbf16>
    ttl.store %m, %r {accumulate} : !ttl.block<3x3xbf16>
    ttl.pop %y : !ttl.block<1x3xbf16>
    ttl.pop %x : !ttl.block<3x1xbf16>
  }
  ttl.push %r : !ttl.block<3x3xbf16>
  return
}
