//===- TTLReconfigure.td - synchronized DFB reconfiguration -*- tablegen -*-===//
//
// Included by TTLOps.td (one dialect, one op list); kept apart because it is
// one feature with its own verifier (TTLReconfigure.cpp), lowering and docs
// (docs/runtime-resources.md, "Synchronized DFB reconfiguration").
//
//===----------------------------------------------------------------------===//

#ifndef TTL_DIALECT_TTL_IR_TTLRECONFIGURE_TD
#define TTL_DIALECT_TTL_IR_TTLRECONFIGURE_TD

def TTL_ReconfigureDataflowBufferOp : TTL_Op<"reconfigure_dfb"> {
  let summary = "switches a DFB to a new L1 ring at a synchronized point";
  let description = [{
    Synchronized DFB reconfiguration. From this point on, the kernel uses
    `dfb` with `block_count` blocks (of the same block shape and element
    type) in a new L1 ring of its own. Every kernel that uses the DFB switches
    at the same synchronized point: the same sequence of reconfigurations, in
    the same order, in each of them (`convert-ttl-to-emitc` checks this after
    the operation is split). Because each configuration has its own ring, a
    producer may start filling the new ring while its consumer still drains
    the old one; the DFB's occupancy count carries over, so no block is lost
    or overwritten.

    A synchronized point runs exactly once: the op sits directly in an
    operation, thread or kernel body (not in a loop or branch), and no block
    of `dfb` acquired in that body is outstanding (every `ttl.reserve` /
    `ttl.wait` of `dfb` before it has its `ttl.push` / `ttl.pop` before it).
    In a unified operation the op belongs to every logical kernel that uses
    the DFB.

    Lowering: the ring's L1 placement is compiler-owned. Each configuration
    is a `dfb_config_address` per-core runtime argument of the kernel (the
    ring's byte offset from the DFB's base), appended after the caller's
    per-core words of a resource-aware operation; the kernel reads it at
    `get_compile_time_arg_val(<caller_arg_count word>) + k`. The DFB's
    allocation (`total_size`) covers the initial ring and every configured
    ring, back to back.

    Python: `dfb.reconfigure(block_count=4)`.

    ```mlir
    %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
    // ... phase 1: two blocks in flight ...
    ttl.reconfigure_dfb %dfb block_count = 4 : !ttl.dfb<1x1xbf16, 2>
    // ... phase 2: four blocks in flight ...
    ```
  }];
  let arguments = (ins TTL_DataflowBufferType:$dfb, I64Attr:$block_count);
  let assemblyFormat =
      "$dfb `block_count` `=` $block_count attr-dict `:` qualified(type($dfb))";
  let hasVerifier = 1;
}

#endif // TTL_DIALECT_TTL_IR_TTLRECONFIGURE_TD
