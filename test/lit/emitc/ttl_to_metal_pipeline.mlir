// RUN: ttlang-opt %s --ttl-to-metal=target=blackhole | FileCheck %s
// The whole pipeline is exactly its two halves, one after the other:
// RUN: ttlang-opt %s --ttl-to-metal=target=wormhole_b0 > %t.whole
// RUN: ttlang-opt %s --ttl-compile-operation=target=wormhole_b0 --mlir-print-debuginfo | ttlang-opt --ttl-backend-pipeline > %t.halves
// RUN: diff %t.whole %t.halves
// RUN: not ttlang-opt %s --ttl-to-metal=target=grayskull 2>&1 | FileCheck %s --check-prefix=TARGET

!t = tensor<32x32xf32, #ttl.layout<l1, interleaved, tiled>>
!b = !ttl.block<1x1xf32>
!d = !ttl.dfb<1x1xf32, 2>

func.func @relu(%a: !t, %out: !t) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.relu:04"} {
  %res = ttl.create_dfb : !d
  %in = ttl.create_dfb : !d
  %c0 = arith.constant 0 : index
  %r = ttl.reserve %in : !d -> !b
  %tx = ttl.load_tiles %a[%c0, %c0], %r : !t, !b
  ttl.transfer_wait %tx
  ttl.push %r : !b
  %w = ttl.wait %in : !d -> !b
  %o = ttl.reserve %res : !d -> !b
  %y = ttl.relu %w : !b
  ttl.store %y, %o : !b
  ttl.push %o : !b
  ttl.pop %w : !b
  return
}

// One emitc.file per TT-Metal kernel, with its records; no TTL op is left.
// CHECK-NOT: ttl.
// CHECK-LABEL: emitc.file "relu_compute"
// CHECK: role = compute
// CHECK: relu_tile
// CHECK-LABEL: emitc.file "relu_data_movement"
// CHECK: noc_async_read

// TARGET: unknown target 'grayskull'; supported targets: wormhole_b0, blackhole
