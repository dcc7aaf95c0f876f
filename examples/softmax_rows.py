"""Softmax over the rows of a tensor, one 1 x W-tile row block per step on a multi-core grid:
row maximum (`ttl.math.reduce_max` without a scaler: the compiler supplies a tile of ones),
shifted exponent against the broadcast maximum, row sum, and division by the broadcast sum.
The intermediates go through DFBs of the program's own, so that each is computed once; written
in one expression (`ttl.block.broadcast(ttl.math.reduce_max(v, dims=[1]), ...)`) the compiler
would add the DFBs itself (docs/language.md).

Run: .venv/bin/python examples/softmax_rows.py
"""

import ttlang as ttl

W = 2  # tiles per row: the rows have 64 elements


@ttl.operation(grid=(2, 1))
def softmax(x, out):
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, W), block_count=2)
    m_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=1)
    e_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, W), block_count=1)
    s_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=1)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, W), block_count=2)
    col, _ = ttl.node(dims=2)
    cols, _ = ttl.grid_size(dims=2)
    for step in range(x.shape[0] // 32 // cols):
        r = step * cols + col
        with x_dfb.reserve() as blk:
            ttl.copy(x[r, 0:W], blk).wait()
        with x_dfb.wait() as v:
            with m_dfb.reserve() as m:
                m.store(ttl.math.reduce_max(v, dims=[1]))  # each row's max in column 0
            with m_dfb.wait() as m, e_dfb.reserve() as e:
                e.store(ttl.math.exp(v - ttl.block.broadcast(m, dims=[1], shape=(1, W))))
        with e_dfb.wait() as e:
            with s_dfb.reserve() as s:
                s.store(ttl.math.reduce_sum(e, dims=[-1]))
            with s_dfb.wait() as s, o_dfb.reserve() as o:
                o.store(e / ttl.math.broadcast(s, o, dims=[-1]))
        with o_dfb.wait() as o:
            ttl.copy(o, out[r, 0:W]).wait()


if __name__ == "__main__":
    spec = ttl.TensorSpec((128, 32 * W))
    compiled = softmax.compile(spec, spec)
    print(next(k.source for k in compiled.artifact.kernels if k.role.name == "COMPUTE"))
