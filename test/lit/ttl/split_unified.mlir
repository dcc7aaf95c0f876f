// RUN: ttlang-opt %s --ttl-split-kernels | FileCheck %s
// A unified tile-wise add: copies go to the canonical data-movement kernel,
// tile math to the canonical compute kernel; both keep the loop, and the
// data-movement-only `scf.if` is pruned from the compute kernel.

!t = tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>
!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

func.func @add(%a: !t, %out: !t) attributes {ttl.grid = array<i64: 2, 1>, ttl.operation_id = "m.add:01"} {
  %in = ttl.create_dfb {physical_index = 0 : i32} : !d
  %o = ttl.create_dfb {physical_index = 1 : i32} : !d
  %col = ttl.node 0
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %r = %c0 to %c2 step %c1 {
    %blk = ttl.reserve %in : !d -> !b
    %tx = ttl.load_tiles %a[%r, %col], %blk : !t, !b
    ttl.transfer_wait %tx
    ttl.push %blk : !b
    %x = ttl.wait %in : !d -> !b
    %ob = ttl.reserve %o : !d -> !b
    %s = ttl.add %x, %x : !b
    ttl.store %s, %ob : !b
    ttl.push %ob : !b
    ttl.pop %x : !b
    %first = arith.cmpi eq, %r, %c0 : index
    scf.if %first {
      %w = ttl.wait %o : !d -> !b
      %tx2 = ttl.store_tiles %w, %out[%r, %col] : !b, !t
      ttl.transfer_wait %tx2
      ttl.pop %w : !b
    }
  }
  return
}

// CHECK-NOT: func.func @add(
// CHECK-LABEL: func.func @add_compute
// CHECK-SAME: ttl.grid = array<i64: 2, 1>
// CHECK-SAME: ttl.kernel = #ttl.kernel<compute, "compute", "m.add:01">
// CHECK-SAME: ttl.operation_id = "m.add:01"
// CHECK-NEXT: %[[IN:.*]] = ttl.create_dfb {physical_index = 0 : i32}
// CHECK-NEXT: %[[O:.*]] = ttl.create_dfb {physical_index = 1 : i32}
// CHECK-NOT: ttl.node
// CHECK: scf.for
// CHECK-NEXT: %[[X:.*]] = ttl.wait %[[IN]]
// CHECK-NEXT: %[[OB:.*]] = ttl.reserve %[[O]]
// CHECK-NEXT: %[[S:.*]] = ttl.add %[[X]], %[[X]]
// CHECK-NEXT: ttl.store %[[S]], %[[OB]]
// CHECK-NEXT: ttl.push %[[OB]]
// CHECK-NEXT: ttl.pop %[[X]]
// CHECK-NEXT: }
// CHECK-NEXT: return

// CHECK-LABEL: func.func @add_data_movement
// CHECK-SAME: ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.add:01">
// CHECK: ttl.node 0
// CHECK: scf.for %[[R:.*]] =
// CHECK-NEXT: ttl.reserve
// CHECK-NEXT: ttl.load_tiles
// CHECK-NEXT: ttl.transfer_wait
// CHECK-NEXT: ttl.push
// CHECK-NEXT: arith.cmpi eq, %[[R]]
// CHECK-NEXT: scf.if
// CHECK-NEXT: ttl.wait
// CHECK-NEXT: ttl.store_tiles
// CHECK-NEXT: ttl.transfer_wait
// CHECK-NEXT: ttl.pop
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NOT: func.func
