// RUN: ttlang-opt %s --ttl-split-kernels | FileCheck %s
// Handles selected in a unified operation: a release selector places a
// block with no other use; a copy selector places a block and its release;
// selections are dropped after splitting.

!t = tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

func.func @sel(%a: !t) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.sel:03"} {
  %in = ttl.create_dfb : !d
  %c0 = arith.constant 0 : index
  %r = ttl.reserve %in : !d -> !b
  %tx = ttl.load_tiles %a[%c0, %c0], %r {ttl.kernels = [#ttl.kernel<data_movement, "reader", "m.sel:03">]} : !t, !b
  ttl.transfer_wait %tx
  ttl.push %r : !b
  %w = ttl.wait %in : !d -> !b
  ttl.pop %w {ttl.kernels = [#ttl.kernel<data_movement>]} : !b
  return
}

// CHECK-LABEL: func.func @sel_reader
// CHECK-SAME: #ttl.kernel<data_movement, "reader", "m.sel:03">
// CHECK: ttl.reserve
// CHECK-NEXT: ttl.load_tiles %{{.*}} : tensor
// CHECK-NEXT: ttl.transfer_wait
// CHECK-NEXT: ttl.push
// CHECK-NEXT: return
// CHECK-LABEL: func.func @sel_data_movement
// CHECK-SAME: #ttl.kernel<data_movement, "data_movement", "m.sel:03">
// CHECK-NEXT: ttl.create_dfb
// CHECK-NEXT: %[[W:.*]] = ttl.wait
// CHECK-NEXT: ttl.pop %[[W]] : !ttl.block<1x1xbf16>
// CHECK-NEXT: return

// A value selected for several kernels is computed in each of them, and a
// runtime `scf.if` on it is kept in the kernels with work inside.
func.func @multi(%a: !t, %m: memref<1xindex>) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.multi:04"} {
  %in = ttl.create_dfb : !d
  %c0 = arith.constant 0 : index
  %n = memref.load %m[%c0] {ttl.kernels = [#ttl.kernel<compute>, #ttl.kernel<data_movement>]} : memref<1xindex>
  %p = arith.cmpi ne, %n, %c0 : index
  scf.if %p {
    %r = ttl.reserve %in : !d -> !b
    %tx = ttl.load_tiles %a[%c0, %c0], %r : !t, !b
    ttl.transfer_wait %tx
    ttl.push %r : !b
  }
  return
}

// CHECK-LABEL: func.func @multi_compute
// CHECK: memref.load
// CHECK-NOT: scf.if
// CHECK: return
// CHECK-LABEL: func.func @multi_data_movement
// CHECK: %[[N:.*]] = memref.load
// CHECK-NOT: ttl.kernels
// CHECK: %[[P:.*]] = arith.cmpi ne, %[[N]]
// CHECK: scf.if %[[P]] {
// CHECK: ttl.load_tiles
