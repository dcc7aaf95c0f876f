// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// ttl.pipe_send / ttl.pipe_recv and #ttl.pipe print and parse back.

// CHECK-LABEL: func.func @unicast
func.func @unicast() {
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %blk = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // CHECK: ttl.pipe_send <net 0 pipe 0, src(0, 0), dst(1, 0) to(1, 0), "f.py:5"> from %{{.*}} : !ttl.block<1x1xbf16>
  %tx = ttl.pipe_send #ttl.pipe<net 0 pipe 0, src (0, 0), dst (1, 0) to (1, 0), "f.py:5"> from %blk : !ttl.block<1x1xbf16>
  ttl.transfer_wait %tx
  ttl.push %blk : !ttl.block<1x1xbf16>
  return
}

// CHECK-LABEL: func.func @multicast_receive
func.func @multicast_receive() {
  %dfb = ttl.create_dfb : !ttl.dfb<2x1xf32, 2>
  %blk = ttl.reserve %dfb : !ttl.dfb<2x1xf32, 2> -> !ttl.block<2x1xf32>
  // CHECK: ttl.pipe_recv <net 1 pipe 3, src(0, 2), dst(1, 2) to(3, 2), "g.py:9"> into %{{.*}} : !ttl.block<2x1xf32>
  %tx = ttl.pipe_recv #ttl.pipe<net 1 pipe 3, src (0, 2), dst (1, 2) to (3, 2), "g.py:9"> into %blk : !ttl.block<2x1xf32>
  ttl.transfer_wait %tx
  ttl.push %blk : !ttl.block<2x1xf32>
  return
}

// A 1-D pipe's destinations: the run of cores from (0, 1) through (1, 1) in node order.
// CHECK-LABEL: func.func @node_run
func.func @node_run() {
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %blk = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // CHECK: ttl.pipe_send <net 0 pipe 0, src(0, 0), dst(0, 1) through(1, 1), "f.py:7"> from %{{.*}} : !ttl.block<1x1xbf16>
  %tx = ttl.pipe_send #ttl.pipe<net 0 pipe 0, src (0, 0), dst (0, 1) through (1, 1), "f.py:7"> from %blk : !ttl.block<1x1xbf16>
  ttl.transfer_wait %tx
  ttl.push %blk : !ttl.block<1x1xbf16>
  return
}

// A pipe carries a row-major (element-shaped) block too.
// CHECK-LABEL: func.func @row_major_block
func.func @row_major_block() {
  %dfb = ttl.create_dfb : !ttl.dfb<2x24xbf16, 2, row_major>
  %blk = ttl.reserve %dfb : !ttl.dfb<2x24xbf16, 2, row_major> -> !ttl.block<2x24xbf16, row_major>
  // CHECK: ttl.pipe_recv <net 0 pipe 1, src(0, 1), dst(1, 1) to(3, 1), "h.py:4"> into %{{.*}} : !ttl.block<2x24xbf16, row_major>
  %tx = ttl.pipe_recv #ttl.pipe<net 0 pipe 1, src (0, 1), dst (1, 1) to (3, 1), "h.py:4"> into %blk : !ttl.block<2x24xbf16, row_major>
  ttl.transfer_wait %tx
  ttl.push %blk : !ttl.block<2x24xbf16, row_major>
  return
}
