// RUN: ttlang-opt %s --ttl-plan-pipes -verify-diagnostics
// A destination waiting for blocks its source never sends: an error at the receive.

!blk = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>
#p = #ttl.pipe<net 0 pipe 0, src (0, 0), dst (1, 0) to (1, 0), "f.py:3">

func.func @op() attributes {ttl.grid = array<i64: 2, 1>, ttl.operation_id = "t.op:0"} {
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %x = ttl.node 0
    %c1 = arith.constant 1 : index
    %dst = arith.cmpi eq, %x, %c1 : index
    scf.if %dst {
      %b = ttl.reserve %dfb : !d -> !blk
      // expected-error @+1 {{pipe (0, 0) -> (1, 0) of the PipeNet made at f.py:3 receives blocks that its source never sends (net.if_src(...) with ttl.copy(blk, pipe))}}
      %t = ttl.pipe_recv #p into %b : !blk
      ttl.push %b : !blk
    }
  }
  return
}
