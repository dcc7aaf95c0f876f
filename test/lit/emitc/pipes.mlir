// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// Pipe transfers become the device helpers of ttlang/pipe.h with the semaphores ttl-plan-pipes
// recorded: a send reads a waited block at the DFB's read pointer (a reserved one at its write
// pointer), a receive writes at the write pointer; their waits emit no barrier.

!d = !ttl.dfb<1x2xbf16, 2>
!blk = !ttl.block<1x2xbf16>
#row = #ttl.pipe<net 0 pipe 0, src (0, 0), dst (1, 0) to (3, 0), "f.py:3">

// CHECK-LABEL: // ===== kernel relay =====
// CHECK: #include "api/dataflow/dataflow_api.h"
// CHECK: #include "ttlang/pipe.h"
// CHECK-DAG: uint32_t [[IN:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[OUT:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK: cb_wait_front([[IN]], 2);
// CHECK-NEXT: uint32_t [[SRC:v[0-9]+]] = get_read_ptr([[IN]]);
// CHECK-NEXT: ttlang::pipe_send([[SRC]], 4096, 1, 0, 3, 0, 3, 4, 1, 0);
// CHECK-NEXT: cb_pop_front([[IN]], 2);
// CHECK-NEXT: cb_reserve_back([[OUT]], 2);
// CHECK-NEXT: uint32_t [[DST:v[0-9]+]] = get_write_ptr([[OUT]]);
// CHECK-NEXT: ttlang::pipe_receive([[DST]], 0, 0, 3, 4, 1);
// CHECK-NEXT: cb_push_back([[OUT]], 2);
// CHECK-NEXT: return;
func.func @relay() attributes {ttl.grid = array<i64: 4, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.relay:00">} {
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
