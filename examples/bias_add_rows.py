"""A bias row added to every row of a tensor on a 2x2 grid: `x + broadcast(bias)`, the bias
block's row 0 repeated down the rows (`dims=[0]`), in tt-lang 1.1.1's spelling
`ttl.math.broadcast(bias, out_blk, dims=[0])`. The bias tensor is one tile row whose row 0
holds the bias; each core reads its columns of it once.

Run: .venv/bin/python examples/bias_add_rows.py
"""

import ttlang as ttl


@ttl.operation(grid=(2, 2))
def bias_add(x, bias, out):
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 2), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(bias, shape=(1, 2), block_count=1)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 2), block_count=2)
    col, row = ttl.node(dims=2)
    cols, rows = ttl.grid_size(dims=2)
    c0 = col * 2
    with b_dfb.reserve() as b:
        ttl.copy(bias[0, c0:c0 + 2], b).wait()
    with b_dfb.wait() as b:
        for step in range(x.shape[0] // 32 // rows):
            r = step * rows + row
            with x_dfb.reserve() as blk:
                ttl.copy(x[r, c0:c0 + 2], blk).wait()
            with x_dfb.wait() as v, o_dfb.reserve() as o:
                o.store(v + ttl.math.broadcast(b, o, dims=[0]))
            with o_dfb.wait() as o:
                ttl.copy(o, out[r, c0:c0 + 2]).wait()


if __name__ == "__main__":
    spec = ttl.TensorSpec((128, 128))
    compiled = bias_add.compile(spec, ttl.TensorSpec((32, 128)), spec)
    print(next(k.source for k in compiled.artifact.kernels if k.role.name == "COMPUTE"))
