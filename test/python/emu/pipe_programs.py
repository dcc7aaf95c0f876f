"""Operations that move blocks between cores with ttl.Pipe / ttl.PipeNet, for the emulated
device's numeric tests (test_pipes_emulated.py). Each is checked there against numpy."""

from __future__ import annotations

import ttlang as ttl

TILE = 32


@ttl.operation(grid=(2, 1))
def unicast_copy(inp, out):
    """Core (0, 0) reads each tile of column 0 and sends it to core (1, 0), which writes it
    to column 1 (tt-lang 1.1.6's keyword spelling)."""
    net = ttl.PipeNet([ttl.Pipe(src=(0, 0), dst=(1, 0))])
    read_dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)
    recv_dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)
    rows = inp.shape[0] // TILE

    @ttl.compute()
    def idle():
        pass

    @ttl.datamovement()
    def mover():
        for r in range(rows):

            def send(pipe):
                with read_dfb.reserve() as blk:
                    ttl.copy(inp[r, 0], blk).wait()
                with read_dfb.wait() as blk:
                    ttl.copy(blk, pipe).wait()

            net.if_src(send)

            def receive(pipe):
                with recv_dfb.reserve() as blk:
                    ttl.copy(pipe, blk).wait()

            net.if_dst(receive)

    @ttl.datamovement()
    def writer():
        if net.is_dst():
            for r in range(rows):
                with recv_dfb.wait() as blk:
                    ttl.copy(blk, out[r, 1]).wait()


# tt-lang 1.1.1's spelling: positional Pipe(src, dst), a net captured from outside the body.
ROW_CAST = ttl.PipeNet([ttl.Pipe((0, 0), (slice(1, 4), 0))])


@ttl.operation(grid=(4, 1))
def multicast_abs(inp, out):
    """Core (0, 0) reads each 1x2-tile block of inp's first two tile columns and multicasts it
    to cores (1..3, 0); every core stores the block's absolute value into its own two tile
    columns of ``out`` (so out is abs(inp[:, :64]) four times over)."""
    blk_dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 2), block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 2), block_count=2)
    rows = inp.shape[0] // TILE

    @ttl.compute()
    def absolute():
        for _r in range(rows):
            with blk_dfb.wait() as x, out_dfb.reserve() as y:
                y.store(abs(x))

    @ttl.datamovement()
    def mover():
        for r in range(rows):
            with blk_dfb.reserve() as blk:

                def send(pipe):
                    ttl.copy(inp[r, 0:2], blk).wait()
                    ttl.copy(blk, pipe).wait()

                ROW_CAST.if_src(send)

                def receive(pipe):
                    ttl.copy(pipe, blk).wait()

                ROW_CAST.if_dst(receive)

    @ttl.datamovement()
    def writer():
        col, _ = ttl.node(dims=2)
        for r in range(rows):
            with out_dfb.wait() as y:
                ttl.copy(y, out[r, 2 * col : 2 * col + 2]).wait()


# Each core receives from the other before it sends: both pipes balance (one block each way),
# but each receiver waits for a source that is itself waiting to receive.
EAST = ttl.PipeNet([ttl.Pipe(src=(0, 0), dst=(1, 0))])
WEST = ttl.PipeNet([ttl.Pipe(src=(1, 0), dst=(0, 0))])


@ttl.operation(grid=(2, 1))
def crossed_pipes(inp, out):
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def exchange():
        col, _ = ttl.node(dims=2)
        with dfb.reserve() as blk:

            def receive(pipe):
                ttl.copy(pipe, blk).wait()

            WEST.if_dst(receive)
            EAST.if_dst(receive)
        with dfb.reserve() as blk:
            ttl.copy(inp[0, col], blk).wait()
        with dfb.wait() as blk:

            def send(pipe):
                ttl.copy(blk, pipe).wait()

            EAST.if_src(send)
            WEST.if_src(send)
        with dfb.wait() as blk:
            ttl.copy(blk, out[0, col]).wait()


RUN = ttl.PipeNet([ttl.Pipe(0, (slice(1, 4),))])
BACK = ttl.PipeNet([ttl.Pipe(3, 0)])


@ttl.operation(grid=(2, 2))
def crossed_run(inp, out):
    """Node 0 multicasts to nodes 1..3, on this 2 x 2 grid the run (0, 1), (1, 0), (1, 1), no
    rectangle; node 3 sends back to node 0. Every core receives before it sends: a deadlock
    whose report names the run pipe at each of its receivers."""
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def exchange():
        n = ttl.node(dims=1)
        with dfb.reserve() as blk:

            def receive(pipe):
                ttl.copy(pipe, blk).wait()

            RUN.if_dst(receive)
            BACK.if_dst(receive)
        with dfb.reserve() as blk:
            ttl.copy(inp[0, n], blk).wait()
        with dfb.wait() as blk:

            def send(pipe):
                ttl.copy(blk, pipe).wait()

            RUN.if_src(send)
            BACK.if_src(send)
        with dfb.wait() as blk:
            ttl.copy(blk, out[0, n]).wait()


@ttl.operation(grid=(1, 1))
def group_read(a, b, out):
    """out = a + b, tile by tile; each step's two reads are waited for together
    (ttl.GroupTransfer), and the two tiles of a row are written through one group made outside
    the loop (each of its transfers is waited for in the loop, where it was added)."""
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    cols = a.shape[1] // TILE

    @ttl.compute()
    def add():
        for _ in range(cols):
            with a_dfb.wait() as x, b_dfb.wait() as y, o_dfb.reserve() as o:
                o.store(x + y)

    @ttl.datamovement()
    def read():
        for c in range(cols):
            with a_dfb.reserve() as x, b_dfb.reserve() as y:
                group = ttl.GroupTransfer()
                group.add(ttl.copy(a[0, c], x))
                group.add(ttl.copy(b[0, c], y))
                group.wait_all()

    @ttl.datamovement()
    def write():
        group = ttl.GroupTransfer()
        for c in range(cols):
            with o_dfb.wait() as o:
                group.add(ttl.copy(o, out[0, c]))
        group.wait_all()


@ttl.operation(grid=(2, 3))
def linear_fan_out(inp, out):
    """tt-lang's 1-D pipe coordinates (linear node indices, ttl.node(dims=1) order: x * 3 + y
    on this 2 x 3 grid). Node 0 reads one tile and sends it through two multicasts: to nodes
    1..2 (cores (0, 1), (0, 2): a run of column 0) and to nodes 3..5 (all of column 1). Every
    node writes twice the tile to out's tile column ttl.node(dims=1)."""
    column0 = ttl.PipeNet([ttl.Pipe(0, (slice(1, 3),))])
    column1 = ttl.PipeNet([ttl.Pipe((0,), (slice(3, 6),))])
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def double():
        with dfb.wait() as x, o_dfb.reserve() as y:
            y.store(x + x)

    @ttl.datamovement()
    def mover():
        with dfb.reserve() as blk:

            def send(pipe):
                ttl.copy(blk, pipe).wait()

            def receive(pipe):
                ttl.copy(pipe, blk).wait()

            if ttl.node(dims=1) == 0:
                ttl.copy(inp[0, 0], blk).wait()
            column0.if_src(send)
            column0.if_dst(receive)
            column1.if_src(send)
            column1.if_dst(receive)

    @ttl.datamovement()
    def writer():
        with o_dfb.wait() as y:
            ttl.copy(y, out[0, ttl.node(dims=1)]).wait()


@ttl.operation(grid=(3, 3))
def run_fan_out(inp, out):
    """A 1-D multicast whose nodes are no rectangle: on this 3 x 3 grid (node x * 3 + y) nodes
    2..7 are core (0, 2), all of column 1 and (2, 0), (2, 1); ttl-plan-pipes splits them into
    those three rectangles under one handshake. Nodes 1 and 8 get the tile through two unicast
    pipes of a second net (tt-lang 1.1.1's positional spelling; the run is 1.1.6's keyword
    one). Every node writes twice the tile to out's tile column ttl.node(dims=1)."""
    run = ttl.PipeNet([ttl.Pipe(src=(0,), dst=(slice(2, 8),))])
    ends = ttl.PipeNet([ttl.Pipe(0, 1), ttl.Pipe(0, 8)])
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def double():
        with dfb.wait() as x, o_dfb.reserve() as y:
            y.store(x + x)

    @ttl.datamovement()
    def mover():
        with dfb.reserve() as blk:

            def send(pipe):
                ttl.copy(blk, pipe).wait()

            def receive(pipe):
                ttl.copy(pipe, blk).wait()

            if ttl.node(dims=1) == 0:
                ttl.copy(inp[0, 0], blk).wait()
            run.if_src(send)
            run.if_dst(receive)
            ends.if_src(send)
            ends.if_dst(receive)

    @ttl.datamovement()
    def writer():
        with o_dfb.wait() as y:
            ttl.copy(y, out[0, ttl.node(dims=1)]).wait()


@ttl.operation(grid=(3, 2))
def row_casts_from_comprehension(inp, out):
    """The net is built in the body with a list comprehension (one multicast per grid row,
    from the row's core 0 to its cores 1..2): each row's first core reads tile row ``y`` of
    inp's first tile column and every core of the row writes its negation to out[y, x]."""
    net = ttl.PipeNet([ttl.Pipe(src=(0, y), dst=(slice(1, 3), y)) for y in range(2)])
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def negate():
        with dfb.wait() as x, o_dfb.reserve() as y:
            y.store(-x)

    @ttl.datamovement()
    def mover():
        _, row = ttl.node(dims=2)
        with dfb.reserve() as blk:

            def send(pipe):
                ttl.copy(inp[row, 0], blk).wait()
                ttl.copy(blk, pipe).wait()

            def receive(pipe):
                ttl.copy(pipe, blk).wait()

            net.if_src(send)
            net.if_dst(receive)

    @ttl.datamovement()
    def writer():
        col, row = ttl.node(dims=2)
        with o_dfb.wait() as y:
            ttl.copy(y, out[row, col]).wait()


# A pipe carrying element-shaped blocks: rows of a row-major tensor, multicast to two cores.
ROW_FAN_OUT = ttl.PipeNet([ttl.Pipe(src=(0, 0), dst=(slice(1, 3), 0))])


@ttl.operation(grid=(3, 1))
def multicast_rows(inp, out):
    """Core (0, 0) reads each row of the row-major ``inp`` (R x C) and multicasts it to cores
    (1, 0) and (2, 0); core (c, 0) writes it to row ``(c - 1) * R + r`` of ``out`` (2R x C)."""
    n_rows, width = inp.shape
    read_dfb = ttl.make_dataflow_buffer_like(inp, shape=(width,), block_count=2)
    recv_dfb = ttl.make_dataflow_buffer_like(inp, shape=(width,), block_count=2)

    @ttl.compute()
    def idle():
        pass

    @ttl.datamovement()
    def mover():
        for r in range(n_rows):

            def send(pipe):
                with read_dfb.reserve() as blk:
                    ttl.copy(inp[r, :], blk).wait()
                with read_dfb.wait() as blk:
                    ttl.copy(blk, pipe).wait()

            ROW_FAN_OUT.if_src(send)

            def receive(pipe):
                with recv_dfb.reserve() as blk:
                    ttl.copy(pipe, blk).wait()

            ROW_FAN_OUT.if_dst(receive)

    @ttl.datamovement()
    def writer():
        if ROW_FAN_OUT.is_dst():
            col, _ = ttl.node(dims=2)
            for r in range(n_rows):
                with recv_dfb.wait() as blk:
                    ttl.copy(blk, out[(col - 1) * n_rows + r, :]).wait()
