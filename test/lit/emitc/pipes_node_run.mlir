// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// A send whose destinations ttl-plan-pipes split into several rectangles (a 1-D pipe's run
// of cores, `ttl.pipe_multicasts`) waits once for all its receivers (here 1 + 3 + 2 = 6) and
// then writes the block into each rectangle with its valid flag; a receive is the usual one.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>
#run = #ttl.pipe<net 0 pipe 0, src (0, 0), dst (0, 2) through (2, 1), "f.py:3">

// CHECK-LABEL: // ===== kernel relay =====
// CHECK: #include "ttlang/pipe.h"
// CHECK: uint32_t [[SRC:v[0-9]+]] = get_read_ptr(
// CHECK-NEXT: uint32_t [[DST:v[0-9]+]] = ttlang::pipe_send_ready(6, 3, 4, 0);
// CHECK-NEXT: ttlang::pipe_send_write([[SRC]], 2048, [[DST]], 0, 2, 0, 2, 1, 0);
// CHECK-NEXT: ttlang::pipe_send_write([[SRC]], 2048, [[DST]], 1, 0, 1, 2, 1, 0);
// CHECK-NEXT: ttlang::pipe_send_write([[SRC]], 2048, [[DST]], 2, 0, 2, 1, 1, 0);
// CHECK-NEXT: cb_pop_front(
// CHECK: ttlang::pipe_receive({{v[0-9]+}}, 0, 0, 3, 4, 1);
// CHECK-NOT: ttlang::pipe_send
// CHECK: return;
func.func @relay() attributes {ttl.grid = array<i64: 3, 3>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.relay:00">} {
  %in = ttl.create_dfb {physical_index = 0 : i32} : !d
  %out = ttl.create_dfb {physical_index = 1 : i32} : !d
  %w = ttl.wait %in : !d -> !blk
  %s = ttl.pipe_send #run from %w {ttl.pipe_multicasts = array<i64: 0, 2, 0, 2, 1, 0, 1, 2, 2, 0, 2, 1>, ttl.pipe_semaphores = array<i64: 3, 4, 1, 0>} : !blk
  ttl.transfer_wait %s
  ttl.pop %w : !blk
  %r = ttl.reserve %out : !d -> !blk
  %t = ttl.pipe_recv #run into %r {ttl.pipe_semaphores = array<i64: 3, 4, 1, 0>} : !blk
  ttl.transfer_wait %t
  ttl.push %r : !blk
  return
}
