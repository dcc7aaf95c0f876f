// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// Every TTL op, type and attribute prints in the form it parses.

#dram = #ttl.layout<dram, interleaved, tiled>
!t = tensor<64x64xbf16, #dram>

// CHECK-LABEL: func.func @tile_add
// CHECK-SAME: %{{.*}}: tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>
// CHECK-SAME: ttl.grid = array<i64: 2, 1>
// CHECK-SAME: ttl.operation_id = "demo.add:00"
func.func @tile_add(%a: !t, %out: !t) attributes {ttl.grid = array<i64: 2, 1>, ttl.operation_id = "demo.add:00"} {
  // CHECK: %[[IN:.*]] = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %in = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // CHECK: %[[COL:.*]] = ttl.node 0
  // CHECK: ttl.grid_size 1
  %col = ttl.node 0
  %rows = ttl.grid_size 1
  %c0 = arith.constant 0 : index
  // CHECK: %[[R:.*]] = ttl.reserve %[[IN]] : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %r = ttl.reserve %in : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // CHECK: %[[TX:.*]] = ttl.load_tiles %{{.*}}[%[[COL]], %{{.*}}], %[[R]] : tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<1x1xbf16>
  %tx = ttl.load_tiles %a[%col, %c0], %r : !t, !ttl.block<1x1xbf16>
  // CHECK: ttl.transfer_wait %[[TX]]
  ttl.transfer_wait %tx
  // CHECK: ttl.push %[[R]] {ttl.kernels = [#ttl.kernel<data_movement, "reader", "demo.add:00">]} : !ttl.block<1x1xbf16>
  ttl.push %r {ttl.kernels = [#ttl.kernel<data_movement, "reader", "demo.add:00">]} : !ttl.block<1x1xbf16>
  // CHECK: %[[W:.*]] = ttl.wait %[[IN]]
  %w = ttl.wait %in : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  %ob = ttl.reserve %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // CHECK: %[[S:.*]] = ttl.add %[[W]], %[[W]] : !ttl.block<1x1xbf16>
  // CHECK-NEXT: ttl.sub
  // CHECK-NEXT: ttl.mul
  // CHECK-NEXT: ttl.div
  // CHECK-NEXT: ttl.exp
  // CHECK-NEXT: ttl.relu
  // CHECK-NEXT: ttl.sqrt
  // CHECK-NEXT: %[[N:.*]] = ttl.neg
  %s = ttl.add %w, %w : !ttl.block<1x1xbf16>
  %d = ttl.sub %s, %w : !ttl.block<1x1xbf16>
  %m = ttl.mul %d, %w : !ttl.block<1x1xbf16>
  %q = ttl.div %m, %w : !ttl.block<1x1xbf16>
  %e = ttl.exp %q : !ttl.block<1x1xbf16>
  %rl = ttl.relu %e : !ttl.block<1x1xbf16>
  %sq = ttl.sqrt %rl : !ttl.block<1x1xbf16>
  %n = ttl.neg %sq : !ttl.block<1x1xbf16>
  // CHECK: ttl.store %[[N]], %{{.*}} : !ttl.block<1x1xbf16>
  ttl.store %n, %ob : !ttl.block<1x1xbf16>
  ttl.push %ob : !ttl.block<1x1xbf16>
  // CHECK: ttl.pop %[[W]] : !ttl.block<1x1xbf16>
  ttl.pop %w : !ttl.block<1x1xbf16>
  %ow = ttl.wait %o : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // CHECK: ttl.store_tiles %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : !ttl.block<1x1xbf16>, tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>
  %tx2 = ttl.store_tiles %ow, %out[%c0, %c0] : !ttl.block<1x1xbf16>, !t
  ttl.transfer_wait %tx2
  ttl.pop %ow : !ttl.block<1x1xbf16>
  return
}

// CHECK-LABEL: func.func @explicit
func.func @explicit(%a: tensor<32x32xf32, #ttl.layout<l1, interleaved, tiled>>) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "demo.explicit:01"} {
  %in = ttl.create_dfb : !ttl.dfb<1x1xf32, 2>
  // CHECK: ttl.thread #ttl.kernel<compute> {
  ttl.thread #ttl.kernel<compute> {
    %w = ttl.wait %in : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
    ttl.pop %w : !ttl.block<1x1xf32>
  }
  // CHECK: ttl.thread #ttl.kernel<data_movement, "reader", "demo.explicit:01"> {
  ttl.thread #ttl.kernel<data_movement, "reader", "demo.explicit:01"> {
    %c0 = arith.constant 0 : index
    %r = ttl.reserve %in : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
    %tx = ttl.load_tiles %a[%c0, %c0], %r : tensor<32x32xf32, #ttl.layout<l1, interleaved, tiled>>, !ttl.block<1x1xf32>
    ttl.transfer_wait %tx
    ttl.push %r : !ttl.block<1x1xf32>
  }
  return
}

// CHECK-LABEL: func.func @kernel_function
// CHECK-SAME: ttl.kernel = #ttl.kernel<compute, "compute", "demo.add:00">
func.func @kernel_function() attributes {ttl.kernel = #ttl.kernel<compute, "compute", "demo.add:00">} {
  return
}
