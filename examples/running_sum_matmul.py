"""tt-lang's matmul tutorial pattern on the emulated device (docs/language.md, "Control flow"
and "Device prints"): each core of a 2x2 grid sums its output tiles over K in a block value
(`acc = ttl.block.fill(0, ...)`, `acc += a_blk @ b_blk`), stores the sum, and prints from the
device which output tiles it computed. An emulated result, next to numpy.

Run: .venv/bin/python examples/running_sum_matmul.py
"""

import ml_dtypes
import numpy as np

import ttlang as ttl
import ttlang.emu as emu

TILE = ttl.TILE_SHAPE[0]


@ttl.operation(grid=(2, 2))
def running_sum_matmul(a, b, out):
    mt, kt, nt = a.shape[0] // TILE, a.shape[1] // TILE, b.shape[1] // TILE
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        x, y = ttl.node(dims=2)
        for m in range(y, mt, 2):
            for n in range(x, nt, 2):
                with o_dfb.reserve() as out_blk:
                    acc = ttl.block.fill(0, shape=out_blk.shape)
                    for _ in range(kt):
                        with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk:
                            acc += a_blk @ b_blk
                    out_blk.store(acc)

    @ttl.datamovement()
    def read():
        x, y = ttl.node(dims=2)
        for m in range(y, mt, 2):
            for n in range(x, nt, 2):
                for k in range(kt):
                    with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
                        ta = ttl.copy(a[m, k], a_blk)
                        tb = ttl.copy(b[k, n], b_blk)
                        ta.wait()
                        tb.wait()

    @ttl.datamovement()
    def write():
        x, y = ttl.node(dims=2)
        for m in range(y, mt, 2):
            for n in range(x, nt, 2):
                with o_dfb.wait() as out_blk:
                    ttl.copy(out_blk, out[m, n]).wait()
                    print("output tile", m, n)


if __name__ == "__main__":
    device = emu.open_device()
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (128, 192)).astype(ml_dtypes.bfloat16)
    b = rng.uniform(-1, 1, (192, 96)).astype(ml_dtypes.bfloat16)
    c = device.empty((128, 96))
    running_sum_matmul(device.tensor(a), device.tensor(b), c)  # prints each core's tiles
    got = c.to_numpy().astype(np.float64)
    reference = a.astype(np.float64) @ b.astype(np.float64)
    # Six K tiles accumulate in the 16-bit DEST: six roundings of the partial sum.
    scale = np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64))
    ulps = np.abs(got - reference) / (2.0 ** (np.floor(np.log2(np.maximum(scale, 2.0**-126))) - 7))
    print(f"c[0, :4]    = {got[0, :4]}")
    print(f"numpy a @ b = {reference[0, :4]}")
    print(f"largest error: {ulps.max():.2f} bfloat16 ulps of |a| @ |b| (the model allows 6)")
    assert ulps.max() <= 6
