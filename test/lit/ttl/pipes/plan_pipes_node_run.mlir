// RUN: ttlang-opt %s --ttl-plan-pipes | FileCheck %s
// ttl-plan-pipes splits a pipe's run of destination cores in node order (a 1-D pipe's,
// `dst ... through ...`) into the rectangles a NoC multicast reaches and records them on its
// send (`ttl.pipe_multicasts`, x0, y0, x1, y1 each) and in its deadlock-report entry. On this
// 4-column, 3-row grid:
//   net 0: (0, 1) through (3, 1) = the rest of column 0, columns 1..2, the top of column 3;
//   net 1: (1, 0) through (2, 2) = whole columns 1..2, one rectangle;
//   net 2: (0, 2) through (1, 0) = the last core of column 0 and the first of column 1.
// The handshake stays one per pipe: 1 flag + 3 nets + 2 * 3 = 10 semaphores.

// CHECK: module attributes {ttl.pipe_semaphore_count = 10{{( : i64)?}}, ttl.pipe_semaphore_names = [
// CHECK-SAME: [4, 1, 0, 0, 0, 1, 0, 2, 1, 0, 2, 2, 3, 0, 3, 1, "pipe (0, 0) -> (0, 1) through (3, 1) of the PipeNet made at f.py:3"]
// CHECK-SAME: [6, 2, 0, 0, 1, 0, 2, 2, "pipe (0, 0) -> (1, 0) through (2, 2) of the PipeNet made at f.py:4"]
// CHECK-SAME: [8, 3, 0, 0, 0, 2, 0, 2, 1, 0, 1, 0, "pipe (0, 0) -> (0, 2) through (1, 0) of the PipeNet made at f.py:5"]

!blk = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>
#three = #ttl.pipe<net 0 pipe 0, src (0, 0), dst (0, 1) through (3, 1), "f.py:3">
#one = #ttl.pipe<net 1 pipe 0, src (0, 0), dst (1, 0) through (2, 2), "f.py:4">
#two = #ttl.pipe<net 2 pipe 0, src (0, 0), dst (0, 2) through (1, 0), "f.py:5">

// CHECK-LABEL: func.func @op
func.func @op() attributes {ttl.grid = array<i64: 4, 3>, ttl.operation_id = "t.op:0"} {
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %x = ttl.node 0
    %y = ttl.node 1
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %x0 = arith.cmpi eq, %x, %c0 : index
    %x1 = arith.cmpi eq, %x, %c1 : index
    %x3 = arith.cmpi eq, %x, %c3 : index
    %y0 = arith.cmpi eq, %y, %c0 : index
    %y2 = arith.cmpi eq, %y, %c2 : index
    %source = arith.andi %x0, %y0 : i1
    scf.if %source {
      %b = ttl.reserve %dfb : !d -> !blk
      // CHECK: ttl.pipe_send {{.*}}through(3, 1){{.*}} {ttl.pipe_multicasts = array<i64: 0, 1, 0, 2, 1, 0, 2, 2, 3, 0, 3, 1>, ttl.pipe_semaphores = array<i64: 4, 5, 1, 0>}
      %t0 = ttl.pipe_send #three from %b : !blk
      // CHECK: ttl.pipe_send {{.*}}through(2, 2){{.*}} {ttl.pipe_multicasts = array<i64: 1, 0, 2, 2>, ttl.pipe_semaphores = array<i64: 6, 7, 2, 0>}
      %t1 = ttl.pipe_send #one from %b : !blk
      // CHECK: ttl.pipe_send {{.*}}through(1, 0){{.*}} {ttl.pipe_multicasts = array<i64: 0, 2, 0, 2, 1, 0, 1, 0>, ttl.pipe_semaphores = array<i64: 8, 9, 3, 0>}
      %t2 = ttl.pipe_send #two from %b : !blk
      ttl.push %b : !blk
    }
    // net 0: every core but (0, 0), (3, 2).
    %x3y2 = arith.andi %x3, %y2 : i1
    %out0 = arith.ori %source, %x3y2 : i1
    %true = arith.constant true
    %in0 = arith.xori %out0, %true : i1
    scf.if %in0 {
      %b = ttl.reserve %dfb : !d -> !blk
      // CHECK: ttl.pipe_recv {{.*}}through(3, 1){{.*}} {ttl.pipe_semaphores = array<i64: 4, 5, 1, 0>}
      %t = ttl.pipe_recv #three into %b : !blk
      ttl.push %b : !blk
    }
    // net 1: columns 1 and 2.
    %ge1 = arith.cmpi sge, %x, %c1 : index
    %le2 = arith.cmpi sle, %x, %c2 : index
    %in1 = arith.andi %ge1, %le2 : i1
    scf.if %in1 {
      %b = ttl.reserve %dfb : !d -> !blk
      %t = ttl.pipe_recv #one into %b : !blk
      ttl.push %b : !blk
    }
    // net 2: (0, 2) and (1, 0).
    %a = arith.andi %x0, %y2 : i1
    %c = arith.andi %x1, %y0 : i1
    %in2 = arith.ori %a, %c : i1
    scf.if %in2 {
      %b = ttl.reserve %dfb : !d -> !blk
      %t = ttl.pipe_recv #two into %b : !blk
      ttl.push %b : !blk
    }
  }
  return
}
