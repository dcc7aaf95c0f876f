// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// RUN: ttlang-opt --ttl-backend-pipeline %s | FileCheck %s --check-prefix=RECORD
// A pipe carries a row-major (element-shaped) block as it carries a tile block: the multicast
// sends the whole block, its rows at the DFB's page (a 48-byte row of 24 bf16 padded to 64),
// so 2 rows are 128 bytes; the receive and the DFB handshakes count the block's rows as pages.

!d = !ttl.dfb<2x24xbf16, 2, row_major>
!blk = !ttl.block<2x24xbf16, row_major>
#row = #ttl.pipe<net 0 pipe 0, src (0, 0), dst (1, 0) to (3, 0), "f.py:3">

// RECORD: #ttl.dfb_spec<name = "dfb0", index = 0, data_format = bfloat16, page_size = 64, total_size = 256, block_shape = [2, 24], block_count = 2, {{.*}}layout = row_major>

// CHECK-LABEL: // ===== kernel relay_rows =====
// CHECK: #include "ttlang/pipe.h"
// CHECK-DAG: uint32_t [[IN:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[OUT:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK: cb_wait_front([[IN]], 2);
// CHECK-NEXT: uint32_t [[SRC:v[0-9]+]] = get_read_ptr([[IN]]);
// CHECK-NEXT: ttlang::pipe_send([[SRC]], 128, 1, 0, 3, 0, 3, 4, 1, 0);
// CHECK-NEXT: cb_pop_front([[IN]], 2);
// CHECK-NEXT: cb_reserve_back([[OUT]], 2);
// CHECK-NEXT: uint32_t [[DST:v[0-9]+]] = get_write_ptr([[OUT]]);
// CHECK-NEXT: ttlang::pipe_receive([[DST]], 0, 0, 3, 4, 1);
// CHECK-NEXT: cb_push_back([[OUT]], 2);
func.func @relay_rows() attributes {ttl.grid = array<i64: 4, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.relay_rows:00">} {
  %in = ttl.create_dfb {physical_index = 0 : i32} : !d
  %out = ttl.create_dfb {physical_index = 1 : i32} : !d
  %w = ttl.wait %in : !d -> !blk
  %s = ttl.pipe_send #row from %w {ttl.pipe_semaphores = array<i64: 3, 4, 1, 0>} : !blk
  ttl.transfer_wait %s
  ttl.pop %w : !blk
  %r = ttl.reserve %out : !d -> !blk
  %t = ttl.pipe_recv #row into %r {ttl.pipe_semaphores = array<i64: 3, 4, 1, 0>} : !blk
  ttl.transfer_wait %t
  ttl.push %r : !blk
  return
}
