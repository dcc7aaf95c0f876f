// RUN: ttlang-opt %s --ttl-compile-operation=target=blackhole | FileCheck %s
// RUN: not ttlang-opt %s --ttl-split-kernels=target=grayskull 2>&1 | FileCheck %s --check-prefix=TARGET
// The pipeline assigns DFB indices on the operation, then splits it, so
// every kernel sees the same physical index for one buffer.

!t = tensor<32x32xf32, #ttl.layout<l1, interleaved, tiled>>
!b = !ttl.block<1x1xf32>
!d = !ttl.dfb<1x1xf32, 2>

func.func @relu(%a: !t, %out: !t) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.relu:04"} {
  %unused = ttl.create_dfb : !d
  %in = ttl.create_dfb : !d
  %c0 = arith.constant 0 : index
  %r = ttl.reserve %in : !d -> !b
  %tx = ttl.load_tiles %a[%c0, %c0], %r : !t, !b
  ttl.transfer_wait %tx
  ttl.push %r : !b
  %w = ttl.wait %in : !d -> !b
  %o = ttl.reserve %unused : !d -> !b
  %y = ttl.relu %w : !b
  ttl.store %y, %o : !b
  ttl.push %o : !b
  ttl.pop %w : !b
  return
}

// CHECK-LABEL: func.func @relu_compute
// CHECK-DAG: ttl.create_dfb {physical_index = 0 : i32}
// CHECK-DAG: %[[IN:.*]] = ttl.create_dfb {physical_index = 1 : i32}
// CHECK: ttl.wait %[[IN]]
// CHECK-LABEL: func.func @relu_data_movement
// CHECK-NOT: physical_index = 0
// CHECK: %[[IN2:.*]] = ttl.create_dfb {physical_index = 1 : i32}
// CHECK: ttl.reserve %[[IN2]]

// TARGET: unknown target 'grayskull'; supported targets: wormhole_b0, blackhole
