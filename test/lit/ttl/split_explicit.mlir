// RUN: ttlang-opt %s --ttl-split-kernels | FileCheck %s
// Explicit threads: each thread becomes its kernel's function; shared values
// defined before the threads are copied where used.

!t = tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

func.func @copy(%a: !t, %out: !t) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.copy:02"} {
  %in = ttl.create_dfb {physical_index = 0 : i32} : !d
  %c0 = arith.constant 0 : index
  ttl.thread #ttl.kernel<data_movement, "writer", "m.copy:02"> {
    %w = ttl.wait %in : !d -> !b
    %tx = ttl.store_tiles %w, %out[%c0, %c0] : !b, !t
    ttl.transfer_wait %tx
    ttl.pop %w : !b
  }
  ttl.thread #ttl.kernel<data_movement, "reader", "m.copy:02"> {
    %r = ttl.reserve %in : !d -> !b
    %tx = ttl.load_tiles %a[%c0, %c0], %r : !t, !b
    ttl.transfer_wait %tx
    ttl.push %r : !b
  }
  return
}

// CHECK-LABEL: func.func @copy_writer
// CHECK-SAME: ttl.kernel = #ttl.kernel<data_movement, "writer", "m.copy:02">
// CHECK-NEXT: %[[IN:.*]] = ttl.create_dfb {physical_index = 0 : i32}
// CHECK-NEXT: arith.constant 0
// CHECK-NEXT: ttl.wait %[[IN]]
// CHECK-NEXT: ttl.store_tiles
// CHECK-NEXT: ttl.transfer_wait
// CHECK-NEXT: ttl.pop
// CHECK-NEXT: return
// CHECK-LABEL: func.func @copy_reader
// CHECK-SAME: ttl.kernel = #ttl.kernel<data_movement, "reader", "m.copy:02">
// CHECK-NOT: ttl.thread
// CHECK: ttl.reserve
// CHECK-NEXT: ttl.load_tiles
// CHECK-NEXT: ttl.transfer_wait
// CHECK-NEXT: ttl.push
// CHECK-NEXT: return
