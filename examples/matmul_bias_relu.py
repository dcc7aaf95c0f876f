"""A K-blocked matmul with bias and ReLU on a 2x2 grid: y = relu(a @ b + bias).

Written as tt-lang 1.1's matmul tutorial writes it: the output is split into BM x BN-tile
blocks over the cores (ceil division, with the bounds checks every thread repeats) and K is
streamed in BK-tile blocks. Two ways to carry the partial sum (docs/backend.md, "Matmul
accumulation: which form is emitted when"):

- `matmul_bias_relu`: through an accumulator DFB, `acc.store(prev + a @ b)` with `prev` the
  waited previous partial sum; the last K step adds the bias and applies the ReLU in the same
  store, so each output block leaves the destination registers once.
- `matmul_bias_relu_dest`: `acc += a @ b` on one reserved block; the 2x2-tile block fits the
  destination registers, so the partial sums stay there across the K blocks, and a second
  store applies bias and ReLU.
"""

import ttlang as ttl

TILE = 32
BM, BN, BK = 2, 2, 2  # tiles per block: M x K blocks of a, K x N of b, M x N of y


def make_matmul_bias_relu(plus_equals: bool):
    """The operation, carrying the partial sum with `+=` or through the accumulator DFB."""

    @ttl.operation(grid=(2, 2))
    def matmul_bias_relu(a, b, bias, y):
        m_blocks = a.shape[0] // TILE // BM
        n_blocks = b.shape[1] // TILE // BN
        k_blocks = a.shape[1] // TILE // BK
        assert k_blocks >= 2, "the first and the last K block are separate steps"
        cols, rows = ttl.grid_size(dims=2)
        m_per = -(-m_blocks // rows)  # ceil: the last row of cores may have less work
        n_per = -(-n_blocks // cols)

        a_dfb = ttl.make_dataflow_buffer_like(a, shape=(BM, BK), block_count=2)
        b_dfb = ttl.make_dataflow_buffer_like(b, shape=(BK, BN), block_count=2)
        bias_dfb = ttl.make_dataflow_buffer_like(bias, shape=(BM, BN), block_count=2)
        acc_dfb = ttl.make_dataflow_buffer_like(y, shape=(BM, BN), block_count=2)
        y_dfb = ttl.make_dataflow_buffer_like(y, shape=(BM, BN), block_count=2)

        @ttl.compute()
        def compute():
            col, row = ttl.node(dims=2)
            for lm in range(m_per):
                if row * m_per + lm < m_blocks:
                    for ln in range(n_per):
                        if col * n_per + ln < n_blocks:
                            if plus_equals:
                                with acc_dfb.reserve() as s:
                                    for _ in range(k_blocks):
                                        with a_dfb.wait() as x, b_dfb.wait() as w:
                                            s += x @ w
                                with acc_dfb.wait() as s, bias_dfb.wait() as c:
                                    with y_dfb.reserve() as out:
                                        out.store(ttl.math.relu(s + c))
                            else:
                                with a_dfb.wait() as x, b_dfb.wait() as w, acc_dfb.reserve() as s:
                                    s.store(x @ w)
                                for _ in range(k_blocks - 2):
                                    with a_dfb.wait() as x, b_dfb.wait() as w:
                                        with acc_dfb.wait() as prev, acc_dfb.reserve() as s:
                                            s.store(prev + x @ w)
                                with a_dfb.wait() as x, b_dfb.wait() as w, bias_dfb.wait() as c:
                                    with acc_dfb.wait() as prev, y_dfb.reserve() as out:
                                        out.store(ttl.math.relu(prev + x @ w + c))

        @ttl.datamovement()
        def read():
            col, row = ttl.node(dims=2)
            for lm in range(m_per):
                mb = row * m_per + lm
                if mb < m_blocks:
                    for ln in range(n_per):
                        nb = col * n_per + ln
                        if nb < n_blocks:
                            with bias_dfb.reserve() as c:
                                ttl.copy(bias[mb * BM:(mb + 1) * BM, nb * BN:(nb + 1) * BN], c).wait()
                            for kb in range(k_blocks):
                                with a_dfb.reserve() as x, b_dfb.reserve() as w:
                                    tx = ttl.copy(a[mb * BM:(mb + 1) * BM, kb * BK:(kb + 1) * BK], x)
                                    tw = ttl.copy(b[kb * BK:(kb + 1) * BK, nb * BN:(nb + 1) * BN], w)
                                    tx.wait()
                                    tw.wait()

        @ttl.datamovement()
        def write():
            col, row = ttl.node(dims=2)
            for lm in range(m_per):
                mb = row * m_per + lm
                if mb < m_blocks:
                    for ln in range(n_per):
                        nb = col * n_per + ln
                        if nb < n_blocks:
                            with y_dfb.wait() as out:
                                ttl.copy(out, y[mb * BM:(mb + 1) * BM, nb * BN:(nb + 1) * BN]).wait()

    return matmul_bias_relu


matmul_bias_relu = make_matmul_bias_relu(plus_equals=False)
matmul_bias_relu_dest = make_matmul_bias_relu(plus_equals=True)


if __name__ == "__main__":
    # Compile for 192 x 256 @ 256 x 128: 3 x 2 output blocks on the 2 x 2 grid (the second
    # row of cores has one M block, not two) and 4 K blocks.
    spec = ttl.TensorSpec
    specs = (spec((192, 256)), spec((256, 128)), spec((192, 128)), spec((192, 128)))
    for op in (matmul_bias_relu, matmul_bias_relu_dest):
        compiled = op.compile(*specs)
        print("\n".join(f"{k.function}: {k.core_ranges}" for k in compiled.kernels))
