"""TT-Lang programs for the matmul accumulation tests on the emulated device (a module file:
the frontend reads each operation's source)."""

import ttlang as ttl

K_TILES = 3


@ttl.operation(grid=(1, 1))
def plus_equals(a, b, out):
    """Three output tiles, each a sum over K_TILES K tiles: `z += x @ y` per K tile (the sums
    kept in DEST across the loop), the first K tile stored and the others added with `+=`
    (packer L1 accumulation), and `z += (x @ y) * 2.0` (fused math: L1 accumulation, the first
    iteration overwriting)."""
    i = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    j = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    o = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        with o.reserve() as z:
            for _ in range(K_TILES):
                with i.wait() as x, j.wait() as y:
                    z += x @ y
        with o.reserve() as z:
            with i.wait() as x, j.wait() as y:
                z.store(x @ y)
            for _ in range(K_TILES - 1):
                with i.wait() as x, j.wait() as y:
                    z += x @ y
        with o.reserve() as z:
            for _ in range(K_TILES):
                with i.wait() as x, j.wait() as y:
                    z += (x @ y) * 2.0

    @ttl.datamovement()
    def read():
        for c in range(3):
            for k in range(K_TILES):
                with i.reserve() as x, j.reserve() as y:
                    tx = ttl.copy(a[0, k], x)
                    ty = ttl.copy(b[k, c], y)
                    tx.wait()
                    ty.wait()

    @ttl.datamovement()
    def write():
        for c in range(3):
            with o.wait() as z:
                ttl.copy(z, out[0, c]).wait()


@ttl.operation(grid=(1, 1))
def transposed(a, b, out):
    """out = a @ b.T: a is M x K, b is N x K (2 x 3 tiles, one block each)."""
    i = ttl.make_dataflow_buffer_like(a, shape=(2, 3), block_count=2)
    j = ttl.make_dataflow_buffer_like(b, shape=(2, 3), block_count=2)
    o = ttl.make_dataflow_buffer_like(out, shape=(2, 2), block_count=2)
    with i.reserve() as x, j.reserve() as y:
        tx = ttl.copy(a[0:2, 0:3], x)
        ty = ttl.copy(b[0:2, 0:3], y)
        tx.wait()
        ty.wait()
    with i.wait() as x, j.wait() as y, o.reserve() as z:
        z.store(ttl.math.matmul(x, y, transpose_rhs=True))
    with o.wait() as z:
        ttl.copy(z, out[0:2, 0:2]).wait()


@ttl.operation(grid=(1, 1))
def output_hinted(a, b, out):
    """out = a @ b in tt-lang 1.1.6's three-argument spelling, ttl.math.matmul(x, y, z): `z`,
    the block the product is stored into, is only a hint (a is 2 x 3 tiles, b 3 x 2)."""
    i = ttl.make_dataflow_buffer_like(a, shape=(2, 3), block_count=2)
    j = ttl.make_dataflow_buffer_like(b, shape=(3, 2), block_count=2)
    o = ttl.make_dataflow_buffer_like(out, shape=(2, 2), block_count=2)
    with i.reserve() as x, j.reserve() as y:
        tx = ttl.copy(a[0:2, 0:3], x)
        ty = ttl.copy(b[0:3, 0:2], y)
        tx.wait()
        ty.wait()
    with i.wait() as x, j.wait() as y, o.reserve() as z:
        z.store(ttl.math.matmul(x, y, z))
    with o.wait() as z:
        ttl.copy(z, out[0:2, 0:2]).wait()


@ttl.operation(grid=(1, 1))
def f32_accumulator(a, b, acc, out):
    """out = sigmoid(a @ b) of f32 operands accumulated over 2 K tiles in an f32 DFB, packed to
    bf16: the first K tile stored, the second `prev + x @ y` (fp32 DEST: 4 registers)."""
    i = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    j = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    s = ttl.make_dataflow_buffer_like(acc, shape=(1, 1), block_count=2)
    o = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        with i.wait() as x, j.wait() as y, s.reserve() as t:
            t.store(ttl.math.matmul(x, y))
        with i.wait() as x, j.wait() as y, s.wait() as prev, o.reserve() as z:
            z.store(ttl.math.sigmoid(prev + x @ y))

    @ttl.datamovement()
    def read():
        for k in range(2):
            with i.reserve() as x, j.reserve() as y:
                tx = ttl.copy(a[0, k], x)
                ty = ttl.copy(b[k, 0], y)
                tx.wait()
                ty.wait()

    @ttl.datamovement()
    def write():
        with o.wait() as z:
            ttl.copy(z, out[0, 0]).wait()


@ttl.operation(grid=(1, 1))
def padded_linear(a, b, bias, out):
    """out = relu(a @ b + bias) for shapes that are not whole tiles: a 50 x 70, b 70 x 40. The
    tensors are stored padded to whole tiles (a 2 x 3 tiles, b 3 x 2); ttnn's zero padding
    makes the padded K columns of a and rows of b contribute nothing."""
    m = -(-a.shape[0] // 32)
    k = -(-a.shape[1] // 32)
    n = -(-b.shape[1] // 32)
    i = ttl.make_dataflow_buffer_like(a, shape=(m, k), block_count=1)
    j = ttl.make_dataflow_buffer_like(b, shape=(k, n), block_count=1)
    c = ttl.make_dataflow_buffer_like(bias, shape=(m, n), block_count=1)
    o = ttl.make_dataflow_buffer_like(out, shape=(m, n), block_count=1)
    with i.reserve() as x, j.reserve() as y, c.reserve() as z:
        tx = ttl.copy(a[0:m, 0:k], x)
        ty = ttl.copy(b[0:k, 0:n], y)
        tz = ttl.copy(bias[:, :], z)
        tx.wait()
        ty.wait()
        tz.wait()
    with i.wait() as x, j.wait() as y, c.wait() as z, o.reserve() as r:
        r.store(ttl.math.relu(x @ y + z))
    with o.wait() as r:
        ttl.copy(r, out[:, :]).wait()


@ttl.operation(grid=(1, 1))
def copy_padded(a, out):
    """Copies the padded tiles of a (50 x 70: 2 x 3 tiles) into out (64 x 96, whole tiles)."""
    d = ttl.make_dataflow_buffer_like(a, shape=(2, 3), block_count=1)
    with d.reserve() as x:
        ttl.copy(a[:, :], x).wait()
    with d.wait() as x:
        ttl.copy(x, out[:, :]).wait()


@ttl.operation(grid=(1, 1))
def fill_then_accumulate(a, out):
    """out = 1 + a + 2a per 1x2-tile block row: a register block from ttl.block.fill, then
    `acc += ...` twice while the operand is held, stored inside the operand's 'with'."""
    i = ttl.make_dataflow_buffer_like(a, shape=(1, 2), block_count=2)
    o = ttl.make_dataflow_buffer_like(out, shape=(1, 2), block_count=2)

    @ttl.compute()
    def compute():
        for _ in range(2):
            with o.reserve() as z:
                acc = ttl.block.fill(1.0, shape=z.shape)
                with i.wait() as x:
                    acc += x
                    acc += x * 2.0
                    z.store(acc)

    @ttl.datamovement()
    def read():
        for r in range(2):
            with i.reserve() as x:
                ttl.copy(a[r, 0:2], x).wait()

    @ttl.datamovement()
    def write():
        for r in range(2):
            with o.wait() as z:
                ttl.copy(z, out[r, 0:2]).wait()
