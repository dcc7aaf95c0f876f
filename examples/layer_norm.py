"""Layer normalization over the rows of a tensor, with a scale (gamma) and shift (beta) row
broadcast down the rows: `(x - mean) / sqrt(var + eps) * gamma + beta`. The mean and the
variance are reductions with a scaler tile of 1/N built by `ttl.block.fill` (the scaler form
of `ttl.math.reduce_sum`), so the FPU computes the means directly.

Run: .venv/bin/python examples/layer_norm.py
"""

import ttlang as ttl

W = 2  # tiles per row: the rows have 64 elements
EPS = 1e-5


@ttl.operation(grid=(1, 1))
def layer_norm(x, gamma, beta, out):
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, W), block_count=2)
    g_dfb = ttl.make_dataflow_buffer_like(gamma, shape=(1, W), block_count=1)
    b_dfb = ttl.make_dataflow_buffer_like(beta, shape=(1, W), block_count=1)
    k_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=1)
    mean_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=1)
    xc_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, W), block_count=1)
    sq_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, W), block_count=1)
    var_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=1)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, W), block_count=2)
    with g_dfb.reserve() as g, b_dfb.reserve() as b:
        ttl.copy(gamma[0, 0:W], g).wait()
        ttl.copy(beta[0, 0:W], b).wait()
    with k_dfb.reserve() as k:
        k.store(ttl.block.fill(1.0 / (32 * W), shape=(1, 1), dtype=k.dtype))
    with g_dfb.wait() as g, b_dfb.wait() as b, k_dfb.wait() as k:
        for r in range(x.shape[0] // 32):
            with x_dfb.reserve() as blk:
                ttl.copy(x[r, 0:W], blk).wait()
            with x_dfb.wait() as v:
                with mean_dfb.reserve() as mean:
                    mean.store(ttl.math.reduce_sum(v, k, dims=[1]))
                with mean_dfb.wait() as mean, xc_dfb.reserve() as xc:
                    xc.store(v - ttl.block.broadcast(mean, dims=[1], shape=(1, W)))
            with xc_dfb.wait() as xc:
                with sq_dfb.reserve() as sq:
                    sq.store(xc * xc)
                with sq_dfb.wait() as sq, var_dfb.reserve() as var:
                    var.store(ttl.math.reduce_sum(sq, k, dims=[1]))
                with var_dfb.wait() as var, o_dfb.reserve() as o:
                    inv = ttl.math.rsqrt(ttl.block.broadcast(var, dims=[1], shape=(1, W)) + EPS)
                    row_gamma = ttl.block.broadcast(g, dims=[0], shape=(1, W))
                    row_beta = ttl.block.broadcast(b, dims=[0], shape=(1, W))
                    o.store(xc * inv * row_gamma + row_beta)
            with o_dfb.wait() as o:
                ttl.copy(o, out[r, 0:W]).wait()


if __name__ == "__main__":
    spec, row = ttl.TensorSpec((64, 32 * W)), ttl.TensorSpec((32, 32 * W))
    compiled = layer_norm.compile(spec, row, row, spec)
    print(next(k.source for k in compiled.artifact.kernels if k.role.name == "COMPUTE"))
