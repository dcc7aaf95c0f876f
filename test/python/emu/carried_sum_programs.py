"""TT-Lang programs that keep a running sum in a block value across loop iterations (issue
32: tt-lang's matmul tutorials and examples write `acc = fill(0)`, `acc += a @ b` in a loop,
`out_blk.store(acc)`). A module file: the frontend reads each operation's source. Shapes come
from the tensors, so the tests draw them."""

import ttlang as ttl

TILE = 32


@ttl.operation(grid=(1, 1))
def single_core_block_fill(a, b, out):
    """Upstream's single-node matmul, 1.1.6 spelling: one output tile at a time, K tiles summed
    into `acc = ttl.block.fill(0, shape=...)`."""
    mt, kt, nt = a.shape[0] // TILE, a.shape[1] // TILE, b.shape[1] // TILE
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        for _ in range(mt):
            for _ in range(nt):
                with o_dfb.reserve() as out_blk:
                    acc = ttl.block.fill(0, shape=out_blk.shape)
                    for _ in range(kt):
                        with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk:
                            acc += a_blk @ b_blk
                    out_blk.store(acc)

    @ttl.datamovement()
    def read():
        for m in range(mt):
            for n in range(nt):
                for k in range(kt):
                    with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
                        ta = ttl.copy(a[m, k], a_blk)
                        tb = ttl.copy(b[k, n], b_blk)
                        ta.wait()
                        tb.wait()

    @ttl.datamovement()
    def write():
        for m in range(mt):
            for n in range(nt):
                with o_dfb.wait() as out_blk:
                    ttl.copy(out_blk, out[m, n]).wait()


@ttl.operation(grid=(2, 2))
def grid_math_fill(a, b, out):
    """1.1.1 spelling (`ttl.math.fill(out_blk, 0)`) on a 2 x 2 grid: each core sums its 2 x 2
    output blocks over K blocks of 2 tiles (`acc = acc + a_blk @ b_blk`)."""
    mb, kb, nb = a.shape[0] // TILE // 2, a.shape[1] // TILE // 2, b.shape[1] // TILE // 2
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(2, 2), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(2, 2), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(2, 2), block_count=2)

    @ttl.compute()
    def compute():
        x, y = ttl.node(dims=2)
        for _ in range(y, mb, 2):
            for _ in range(x, nb, 2):
                with o_dfb.reserve() as out_blk:
                    acc = ttl.math.fill(out_blk, 0)
                    for _ in range(kb):
                        with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk:
                            acc = acc + a_blk @ b_blk
                    out_blk.store(acc)

    @ttl.datamovement()
    def read():
        x, y = ttl.node(dims=2)
        for m in range(y, mb, 2):
            for n in range(x, nb, 2):
                for k in range(kb):
                    with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
                        ta = ttl.copy(a[2 * m:2 * m + 2, 2 * k:2 * k + 2], a_blk)
                        tb = ttl.copy(b[2 * k:2 * k + 2, 2 * n:2 * n + 2], b_blk)
                        ta.wait()
                        tb.wait()

    @ttl.datamovement()
    def write():
        x, y = ttl.node(dims=2)
        for m in range(y, mb, 2):
            for n in range(x, nb, 2):
                with o_dfb.wait() as out_blk:
                    ttl.copy(out_blk, out[2 * m:2 * m + 2, 2 * n:2 * n + 2]).wait()


@ttl.operation(grid=(1, 1))
def nested_k_loops(a, b, out):
    """The sum passes through two loops: K in blocks of 2 tiles, each block tile by tile."""
    kb = a.shape[1] // TILE // 2
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        with o_dfb.reserve() as out_blk:
            acc = ttl.block.fill(0, shape=out_blk.shape)
            for _ in range(kb):
                for _ in range(2):
                    with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk:
                        acc += a_blk @ b_blk
            out_blk.store(acc)

    @ttl.datamovement()
    def read():
        for k in range(2 * kb):
            with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
                ta = ttl.copy(a[0, k], a_blk)
                tb = ttl.copy(b[k, 0], b_blk)
                ta.wait()
                tb.wait()

    @ttl.datamovement()
    def write():
        with o_dfb.wait() as out_blk:
            ttl.copy(out_blk, out[0, 0]).wait()


@ttl.operation(grid=(1, 1))
def scaled_sum(a, out):
    """Element-wise math and a non-zero start: out = 1.5 + the sum of 2 * a's column tiles."""
    kt = a.shape[1] // TILE
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        with o_dfb.reserve() as out_blk:
            acc = ttl.block.fill(1.5, shape=out_blk.shape)
            for _ in range(kt):
                with a_dfb.wait() as a_blk:
                    acc = a_blk * 2.0 + acc
            out_blk.store(acc)

    @ttl.datamovement()
    def read():
        for k in range(kt):
            with a_dfb.reserve() as a_blk:
                ttl.copy(a[0, k], a_blk).wait()

    @ttl.datamovement()
    def write():
        with o_dfb.wait() as out_blk:
            ttl.copy(out_blk, out[0, 0]).wait()


@ttl.operation(grid=(1, 1))
def two_sums(a, b, products, squares):
    """Two sums carried by one loop into two reserved blocks: products = sum of a @ b over K
    tiles, squares = sum of a * a over them."""
    kt = a.shape[1] // TILE
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    p_dfb = ttl.make_dataflow_buffer_like(products, shape=(1, 1), block_count=2)
    s_dfb = ttl.make_dataflow_buffer_like(squares, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        with p_dfb.reserve() as p_blk, s_dfb.reserve() as s_blk:
            p = ttl.block.fill(0, shape=p_blk.shape)
            s = ttl.block.fill(0, shape=s_blk.shape)
            for _ in range(kt):
                with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk:
                    p += a_blk @ b_blk
                    s += a_blk * a_blk
            p_blk.store(p)
            s_blk.store(s)

    @ttl.datamovement()
    def read():
        for k in range(kt):
            with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
                ta = ttl.copy(a[0, k], a_blk)
                tb = ttl.copy(b[k, 0], b_blk)
                ta.wait()
                tb.wait()

    @ttl.datamovement()
    def write():
        with p_dfb.wait() as p_blk, s_dfb.wait() as s_blk:
            ttl.copy(p_blk, products[0, 0]).wait()
            ttl.copy(s_blk, squares[0, 0]).wait()
