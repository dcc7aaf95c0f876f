"""Column sums of a tensor, one column of tiles per core: `ttl.math.reduce_sum(x, dims=[0])`
over an H x 1-tile block gives one tile whose row 0 holds the 32 column sums (the other rows
are zero, as the FPU packs a column reduction). The scaler is left to the compiler, which fills
a one-tile DFB with ones in the compute kernel (docs/language.md).

Run: .venv/bin/python examples/column_sum.py
"""

import ttlang as ttl

H = 4  # tile rows: the columns have 128 elements


@ttl.operation(grid=(4, 1))
def column_sum(x, out):
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(H, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    col, _ = ttl.node(dims=2)
    with x_dfb.reserve() as blk:
        ttl.copy(x[0:H, col], blk).wait()
    with x_dfb.wait() as v, o_dfb.reserve() as o:
        o.store(ttl.math.reduce_sum(v, dims=[0]))
    with o_dfb.wait() as o:
        ttl.copy(o, out[0, col]).wait()


if __name__ == "__main__":
    compiled = column_sum.compile(ttl.TensorSpec((32 * H, 128)), ttl.TensorSpec((32, 128)))
    print(next(k.source for k in compiled.artifact.kernels if k.role.name == "COMPUTE"))
