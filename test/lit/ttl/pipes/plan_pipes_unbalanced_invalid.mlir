// RUN: ttlang-opt %s --ttl-plan-pipes -verify-diagnostics
// A source that sends more blocks than a destination receives would leave the source waiting
// for a receiver that never comes: an error at the send, naming the pipe and both counts.

!blk = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>
#p = #ttl.pipe<net 0 pipe 0, src (0, 0), dst (1, 0) to (2, 0), "f.py:3">

func.func @op() attributes {ttl.grid = array<i64: 3, 1>, ttl.operation_id = "t.op:0"} {
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %x = ttl.node 0
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %src = arith.cmpi eq, %x, %c0 : index
    scf.if %src {
      scf.for %i = %c0 to %c2 step %c1 {
        %b = ttl.reserve %dfb : !d -> !blk
        // expected-error @+1 {{pipe (0, 0) -> (1..2, 0) of the PipeNet made at f.py:3: source (0, 0) sends 2 block(s) but core (1, 0) receives 1; every destination receives each block the source sends}}
        %t = ttl.pipe_send #p from %b : !blk
        ttl.push %b : !blk
      }
    }
    %dst = arith.cmpi sge, %x, %c1 : index
    scf.if %dst {
      %b = ttl.reserve %dfb : !d -> !blk
      // expected-note @+1 {{the receive}}
      %t = ttl.pipe_recv #p into %b : !blk
      ttl.push %b : !blk
    }
  }
  return
}
