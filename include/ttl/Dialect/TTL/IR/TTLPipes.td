//===- TTLPipes.td - core-to-core pipes -------------------*- tablegen -*-===//
//
// Included by TTLOps.td (one dialect, one op list); kept apart because it is
// one feature with its own verifiers (TTLPipes.cpp), pass (ttl-plan-pipes,
// PlanPipes.cpp), lowering (PipePatterns.cpp, ttlang/pipe.h) and docs
// (docs/language.md, "Pipes").
//
//===----------------------------------------------------------------------===//

#ifndef TTL_DIALECT_TTL_IR_TTLPIPES_TD
#define TTL_DIALECT_TTL_IR_TTLPIPES_TD

def TTL_PipeAttr : TTL_Attr<"Pipe", "pipe"> {
  let summary = "one pipe of a PipeNet: a source core and its destination "
                "cores, a rectangle or a run in node order";
  let description = [{
    A pipe moves blocks from the core `src` of an operation's grid to every
    core of the rectangle `dst (x0, y0) to (x1, y1)` (inclusive bounds, in
    the grid's logical (col, row) coordinates): a unicast when the rectangle
    is one core, a multicast otherwise. `net` numbers the PipeNet of the
    operation the pipe belongs to and `pipe` its position there; `where` says
    where the PipeNet was made (`file:line`), for diagnostics and for the
    emulated device's deadlock report. Python: the `ttl.Pipe(src=(x, y),
    dst=(slice(x0, x1 + 1), y))` of a `ttl.PipeNet([...])`.

    ```mlir
    // Core (0, 1) multicasts to cores (1, 1), (2, 1) and (3, 1).
    #ttl.pipe<net 0 pipe 1, src (0, 1), dst (1, 1) to (3, 1), "f.py:12">
    ```

    tt-lang's 1-D pipes name their destinations by linear node index
    (`ttl.node(dims=1)`, column by column, each from the top row down). The
    frontend places such a run on the grid: `dst (x0, y0) through (x1, y1)`
    is every core from `(x0, y0)` to `(x1, y1)` in that order, i.e. the
    cores `(x, y)` with `(x0, y0) <= (x, y) <= (x1, y1)` compared column
    first. A run need not be a rectangle (the end of one column and the
    start of the next); `ttl-plan-pipes` splits it into the rectangles the
    NoC multicasts to (`ttl.pipe_multicasts`).

    ```mlir
    // Core (0, 0) sends to nodes 1..4 of a 2-column, 3-row grid: cores
    // (0, 1), (0, 2), (1, 0) and (1, 1).
    #ttl.pipe<net 0 pipe 0, src (0, 0), dst (0, 1) through (1, 1), "f.py:3">
    ```

    The source is not one of the destinations (a core hands a block to
    itself through a DFB, not through the NoC).
  }];
  let parameters = (ins "int64_t":$net, "int64_t":$index, "int64_t":$srcX,
                        "int64_t":$srcY, "int64_t":$x0, "int64_t":$y0,
                        "int64_t":$x1, "int64_t":$y1, "bool":$run,
                        StringRefParameter<"where the PipeNet was made">:$where);
  let assemblyFormat = [{
    `<` `net` $net `pipe` $index `,` `src` `(` $srcX `,` $srcY `)` `,`
        `dst` `(` $x0 `,` $y0 `)` custom<PipeSpan>($run) `(` $x1 `,` $y1 `)`
        `,` $where `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Whether core (x, y) is a destination.
    bool hasReceiver(int64_t x, int64_t y) const {
      if (getRun())
        return std::make_pair(getX0(), getY0()) <= std::make_pair(x, y) &&
               std::make_pair(x, y) <= std::make_pair(getX1(), getY1());
      return getX0() <= x && x <= getX1() && getY0() <= y && y <= getY1();
    }
    /// "(0, 1) -> (1..3, 1)" (a rectangle) or "(0, 0) -> (0, 1) through
    /// (1, 1)" (a run), the pipe in diagnostics.
    std::string describe() const;
  }];
}

def TTL_PipeSendOp : TTL_Op<"pipe_send"> {
  let summary = "sends a block through a pipe to its destination cores";
  let description = [{
    On the pipe's source core, waits until every destination core has a block
    reserved for it, then writes `block` into all of them (one NoC multicast
    write, or a unicast write for one destination) and signals them. The
    block comes from `ttl.reserve` (filled by this kernel) or `ttl.wait`.
    The result is a transfer handle; the send is complete when the op
    returns, so its `ttl.transfer_wait` does nothing. Python: `ttl.copy(blk,
    pipe)` inside `net.if_src(fn)`.

    `ttl-plan-pipes` checks that every destination receives as many blocks
    of the same type as the source sends, and records the semaphores the
    handshake uses (`ttl.pipe_semaphores`); the lowering is
    `ttlang::pipe_send` (python/ttlang/include/ttlang/pipe.h).

    ```mlir
    %tx = ttl.pipe_send #ttl.pipe<net 0 pipe 0, src (0, 0), dst (1, 0) to (3, 0), "f.py:5"> from %blk : !ttl.block<1x1xbf16>
    ttl.transfer_wait %tx
    ```
  }];
  let arguments = (ins TTL_BlockType:$block, TTL_PipeAttr:$pipe);
  let results = (outs TTL_TransferType:$transfer);
  // The pipe comes first: an attribute followed by `:` would take the type.
  let assemblyFormat =
      "$pipe `from` $block attr-dict `:` qualified(type($block))";
  let hasVerifier = 1;
}

def TTL_PipeReceiveOp : TTL_Op<"pipe_recv"> {
  let summary = "receives a block from a pipe's source core";
  let description = [{
    On a destination core of the pipe, tells the source core that `block`
    (from `ttl.reserve`) is ready to be written, then waits until the source
    has written it. The receive is complete when the op returns. Python:
    `ttl.copy(pipe, blk)` inside `net.if_dst(fn)`.

    ```mlir
    %tx = ttl.pipe_recv #ttl.pipe<net 0 pipe 0, src (0, 0), dst (1, 0) to (3, 0), "f.py:5"> into %blk : !ttl.block<1x1xbf16>
    ttl.transfer_wait %tx
    ```
  }];
  let arguments = (ins TTL_PipeAttr:$pipe, TTL_BlockType:$block);
  let results = (outs TTL_TransferType:$transfer);
  let assemblyFormat =
      "$pipe `into` $block attr-dict `:` qualified(type($block))";
  let hasVerifier = 1;
}

#endif // TTL_DIALECT_TTL_IR_TTLPIPES_TD
