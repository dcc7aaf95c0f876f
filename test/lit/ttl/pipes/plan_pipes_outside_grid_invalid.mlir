// RUN: ttlang-opt %s --ttl-plan-pipes -verify-diagnostics
// A pipe whose destinations lie outside the operation's grid.

!blk = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>
#p = #ttl.pipe<net 0 pipe 0, src (0, 0), dst (1, 0) to (4, 0), "f.py:3">

func.func @op() attributes {ttl.grid = array<i64: 2, 1>, ttl.operation_id = "t.op:0"} {
  %dfb = ttl.create_dfb : !d
  ttl.thread #ttl.kernel<data_movement> {
    %b = ttl.reserve %dfb : !d -> !blk
    // expected-error @+1 {{pipe (0, 0) -> (1..4, 0) reaches outside the operation's 2x1 (cols x rows) grid}}
    %t = ttl.pipe_send #p from %b : !blk
    ttl.push %b : !blk
  }
  return
}
