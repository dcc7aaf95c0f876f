// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// A barrier waits for every transfer of its direction, so consecutive waits of one direction
// need one barrier; a wait of the other direction, or one after other work, gets its own.

#dram = #ttl.layout<dram, interleaved, tiled>
!t = tensor<32x32xbf16, #dram>
!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// CHECK-LABEL: // ===== kernel waits =====
// CHECK: noc_async_read_page(
// CHECK-NEXT: size_t
// CHECK-NEXT: noc_async_read_page(
// CHECK-NEXT: noc_async_read_barrier();
// CHECK-NEXT: cb_push_back(
// CHECK-NEXT: cb_push_back(
// CHECK: noc_async_write_page(
// CHECK-NEXT: noc_async_write_barrier();
// CHECK-NEXT: cb_pop_front(
// CHECK-NEXT: noc_async_read_barrier();
// CHECK-NEXT: return;
func.func @waits(%a: !t, %b: !t, %out: !t) attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.waits:00">} {
  %c0 = arith.constant 0 : index
  %da = ttl.create_dfb {physical_index = 0 : i32} : !d
  %db = ttl.create_dfb {physical_index = 1 : i32} : !d
  %ra = ttl.reserve %da : !d -> !blk
  %rb = ttl.reserve %db : !d -> !blk
  %ta = ttl.load_tiles %a[%c0, %c0], %ra : !t, !blk
  %tb = ttl.load_tiles %b[%c0, %c0], %rb : !t, !blk
  ttl.transfer_wait %ta
  ttl.transfer_wait %tb
  ttl.push %ra : !blk
  ttl.push %rb : !blk
  %w = ttl.wait %da : !d -> !blk
  %tw = ttl.store_tiles %w, %out[%c0, %c0] : !blk, !t
  ttl.transfer_wait %tw
  ttl.pop %w : !blk
  // A read wait after other work is not merged.
  ttl.transfer_wait %ta
  return
}
