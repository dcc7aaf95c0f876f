// RUN: ttlang-opt %s --ttl-split-kernels | FileCheck %s
// In a unified operation a DFB reconfiguration belongs to every logical kernel
// that uses the DFB (here the producer and the consumer), at the same point.

!t = tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>
!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

// CHECK-LABEL: func.func @copy_compute
// CHECK-SAME: ttl.runtime_resources
// CHECK: ttl.pop
// CHECK-NEXT: ttl.reconfigure_dfb %{{.*}} block_count = 4
// CHECK-LABEL: func.func @copy_data_movement
// CHECK-SAME: ttl.runtime_resources
// CHECK: ttl.push
// CHECK-NEXT: ttl.reconfigure_dfb %{{.*}} block_count = 4
func.func @copy(%a: !t, %out: !t) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.copy:01", ttl.runtime_resources} {
  %in = ttl.create_dfb {physical_index = 0 : i32} : !d
  %o = ttl.create_dfb {physical_index = 1 : i32} : !d
  %c0 = arith.constant 0 : index
  %blk = ttl.reserve %in : !d -> !b
  %tx = ttl.load_tiles %a[%c0, %c0], %blk : !t, !b
  ttl.transfer_wait %tx
  ttl.push %blk : !b
  %x = ttl.wait %in : !d -> !b
  %ob = ttl.reserve %o : !d -> !b
  %s = ttl.exp %x : !b
  ttl.store %s, %ob : !b
  ttl.push %ob : !b
  ttl.pop %x : !b
  ttl.reconfigure_dfb %in block_count = 4 : !d
  %w = ttl.wait %o : !d -> !b
  %tx2 = ttl.store_tiles %w, %out[%c0, %c0] : !b, !t
  ttl.transfer_wait %tx2
  ttl.pop %w : !b
  return
}
