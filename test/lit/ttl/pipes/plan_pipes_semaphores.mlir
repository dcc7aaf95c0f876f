// RUN: ttlang-opt %s --ttl-plan-pipes | FileCheck %s
// ttl-plan-pipes gives each pipe transfer its handshake's semaphores: id 0 the flag, one valid
// flag per PipeNet, a ready / address pair per pipe a source sends in a net (pipes of one net
// with different sources share the pair: each source core has its own). Here net 0 has two
// multicast pipes from different sources (one pair), net 1 one unicast pipe:
// 1 + 2 nets + 2 * 2 pairs = 7 semaphores. Each send records the rectangle it writes to.

// CHECK: module attributes {ttl.pipe_semaphore_count = 7{{( : i64)?}}, ttl.pipe_semaphore_names = [
// CHECK-SAME: [3, 1, 0, 0, 1, 0, 2, 0, "pipe (0, 0) -> (1..2, 0) of the PipeNet made at f.py:3"]
// CHECK-SAME: [3, 1, 0, 1, 1, 1, 2, 1, "pipe (0, 1) -> (1..2, 1) of the PipeNet made at f.py:3"]
// CHECK-SAME: [5, 2, 2, 1, 0, 0, 0, 0, "pipe (2, 1) -> (0, 0) of the PipeNet made at f.py:4"]

!blk = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>
#row0 = #ttl.pipe<net 0 pipe 0, src (0, 0), dst (1, 0) to (2, 0), "f.py:3">
#row1 = #ttl.pipe<net 0 pipe 1, src (0, 1), dst (1, 1) to (2, 1), "f.py:3">
#back = #ttl.pipe<net 1 pipe 0, src (2, 1), dst (0, 0) to (0, 0), "f.py:4">

// CHECK-LABEL: func.func @op
func.func @op() attributes {ttl.grid = array<i64: 3, 2>, ttl.operation_id = "t.op:0"} {
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %x = ttl.node 0
    %y = ttl.node 1
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %first = arith.cmpi eq, %x, %c0 : index
    %top = arith.cmpi eq, %y, %c0 : index
    %bottom = arith.cmpi eq, %y, %c1 : index
    %last = arith.cmpi eq, %x, %c2 : index
    %rest = arith.cmpi sge, %x, %c1 : index
    %src0 = arith.andi %first, %top : i1
    %src1 = arith.andi %first, %bottom : i1
    %dst0 = arith.andi %rest, %top : i1
    %dst1 = arith.andi %rest, %bottom : i1
    %back = arith.andi %last, %bottom : i1
    scf.if %src0 {
      %b = ttl.reserve %dfb : !d -> !blk
      // CHECK: ttl.pipe_send {{.*}}src(0, 0){{.*}} {ttl.pipe_multicasts = array<i64: 1, 0, 2, 0>, ttl.pipe_semaphores = array<i64: 3, 4, 1, 0>}
      %t = ttl.pipe_send #row0 from %b : !blk
      ttl.push %b : !blk
    }
    scf.if %src1 {
      %b = ttl.reserve %dfb : !d -> !blk
      // CHECK: ttl.pipe_send {{.*}}src(0, 1){{.*}} {ttl.pipe_multicasts = array<i64: 1, 1, 2, 1>, ttl.pipe_semaphores = array<i64: 3, 4, 1, 0>}
      %t = ttl.pipe_send #row1 from %b : !blk
      ttl.push %b : !blk
    }
    scf.if %dst0 {
      %b = ttl.reserve %dfb : !d -> !blk
      // CHECK: ttl.pipe_recv {{.*}}src(0, 0){{.*}} {ttl.pipe_semaphores = array<i64: 3, 4, 1, 0>}
      %t = ttl.pipe_recv #row0 into %b : !blk
      ttl.push %b : !blk
    }
    scf.if %dst1 {
      %b = ttl.reserve %dfb : !d -> !blk
      %t = ttl.pipe_recv #row1 into %b : !blk
      ttl.push %b : !blk
    }
    scf.if %back {
      %b = ttl.reserve %dfb : !d -> !blk
      // CHECK: ttl.pipe_send {{.*}}src(2, 1){{.*}} {ttl.pipe_multicasts = array<i64: 0, 0, 0, 0>, ttl.pipe_semaphores = array<i64: 5, 6, 2, 0>}
      %t = ttl.pipe_send #back from %b : !blk
      ttl.push %b : !blk
    }
    %home = arith.andi %first, %top : i1
    scf.if %home {
      %b = ttl.reserve %dfb : !d -> !blk
      %t = ttl.pipe_recv #back into %b : !blk
      ttl.push %b : !blk
    }
  }
  return
}
