// RUN: ttlang-opt %s --ttl-plan-pipes -verify-diagnostics
// A run of destination cores in node order holds only the cores between its ends, column
// first: (0, 2) through (1, 0) on this 2-column, 3-row grid is (0, 2) and (1, 0), so a
// receive on (1, 1) is one on a core that is not a destination.

!blk = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>
#p = #ttl.pipe<net 0 pipe 0, src (0, 0), dst (0, 2) through (1, 0), "f.py:3">

func.func @op() attributes {ttl.grid = array<i64: 2, 3>, ttl.operation_id = "t.op:0"} {
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %x = ttl.node 0
    %y = ttl.node 1
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %x0 = arith.cmpi eq, %x, %c0 : index
    %y0 = arith.cmpi eq, %y, %c0 : index
    %source = arith.andi %x0, %y0 : i1
    scf.if %source {
      %b = ttl.reserve %dfb : !d -> !blk
      %t = ttl.pipe_send #p from %b : !blk
      ttl.push %b : !blk
    }
    %x1 = arith.cmpi eq, %x, %c1 : index
    %y2 = arith.cmpi eq, %y, %c2 : index
    %low = arith.cmpi sle, %y, %c1 : index
    %a = arith.andi %x0, %y2 : i1
    %b1 = arith.andi %x1, %low : i1
    %in = arith.ori %a, %b1 : i1
    scf.if %in {
      %b = ttl.reserve %dfb : !d -> !blk
      // expected-error @+1 {{pipe (0, 0) -> (0, 2) through (1, 0) of the PipeNet made at f.py:3 receives on core (1, 1), which is not one of its destinations}}
      %t = ttl.pipe_recv #p into %b : !blk
      ttl.push %b : !blk
    }
  }
  return
}
