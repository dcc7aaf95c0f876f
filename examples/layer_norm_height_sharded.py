"""Layer normalization of a height-sharded tensor, each core normalising the rows it holds.

`x` (and the output) are height-sharded over a 4 x 2 block of cores, row-major: core (x, y)
holds shard `y * 4 + x`, `SHARD` tile rows of the full width. The operation runs on the same
cores, so every `ttl.copy` of a shard's tiles reads or writes the core's own L1 (the sharded
TensorAccessor finds the shard's core; on hardware no tile crosses the NoC). Per row:

    y = (x - mean) * rsqrt(mean((x - mean)^2) + eps) * gamma + beta

with `gamma` / `beta` one row each (DRAM interleaved, broadcast down the rows). The two means
are row reductions whose scaler tile holds 1/N, so the FPU divides while it sums.

Run on the emulated device against numpy: .venv/bin/python examples/layer_norm_height_sharded.py
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

import ttlang as ttl

GRID = (4, 2)  # cols x rows of cores, one shard each
SHARD = 2  # tile rows per shard
WIDTH = 3  # tiles per row: rows of 96 elements
EPS = 1e-5
SHARDS = ttl.ShardSpec((((0, 0), (GRID[0] - 1, GRID[1] - 1)),), (32 * SHARD, 32 * WIDTH), "row_major")


@ttl.operation(grid=GRID)
def sharded_layer_norm(x, gamma, beta, out):
    rows_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, WIDTH), block_count=2)
    scale_dfb = ttl.make_dataflow_buffer_like(gamma, shape=(1, WIDTH), block_count=1)
    shift_dfb = ttl.make_dataflow_buffer_like(beta, shape=(1, WIDTH), block_count=1)
    inv_n_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=1)
    mu_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=1)
    dev_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, WIDTH), block_count=1)
    sigma2_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=1)
    y_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, WIDTH), block_count=2)

    cx, cy = ttl.node(dims=2)
    first_row = (cy * GRID[0] + cx) * SHARD  # this core's shard, in tile rows

    with inv_n_dfb.reserve() as k:
        k.store(ttl.block.fill(1.0 / (32 * WIDTH), shape=(1, 1), dtype=k.dtype))
    with scale_dfb.reserve() as g, shift_dfb.reserve() as b:
        tg = ttl.copy(gamma[0, 0:WIDTH], g)
        tb = ttl.copy(beta[0, 0:WIDTH], b)
        tg.wait()
        tb.wait()
    with inv_n_dfb.wait() as k, scale_dfb.wait() as g, shift_dfb.wait() as b:
        for i in range(SHARD):
            with rows_dfb.reserve() as blk:
                ttl.copy(x[first_row + i, 0:WIDTH], blk).wait()
            with rows_dfb.wait() as v:
                with mu_dfb.reserve() as mu:
                    mu.store(ttl.math.reduce_sum(v, k, dims=[1]))
                with mu_dfb.wait() as mu, dev_dfb.reserve() as d:
                    d.store(v - ttl.block.broadcast(mu, dims=[1], shape=(1, WIDTH)))
            with dev_dfb.wait() as d:
                with sigma2_dfb.reserve() as s2:
                    s2.store(ttl.math.reduce_sum(ttl.math.square(d), k, dims=[1]))
                with sigma2_dfb.wait() as s2, y_dfb.reserve() as y:
                    scale = ttl.math.rsqrt(ttl.block.broadcast(s2, dims=[1], shape=(1, WIDTH)) + EPS)
                    y.store(d * scale * ttl.block.broadcast(g, dims=[0], shape=(1, WIDTH))
                            + ttl.block.broadcast(b, dims=[0], shape=(1, WIDTH)))
            with y_dfb.wait() as y:
                ttl.copy(y, out[first_row + i, 0:WIDTH]).wait()


def reference(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray) -> np.ndarray:
    """The layer norm in float64 (numpy)."""
    x, gamma, beta = (a.astype(np.float64) for a in (x, gamma, beta))
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return (x - mean) / np.sqrt(var + EPS) * gamma[:1] + beta[:1]


def run(device, seed: int = 7) -> tuple[np.ndarray, np.ndarray]:
    """Runs the operation on ``device`` (an emulated one) with seeded random data; returns the
    result and numpy's reference."""
    import ttlang.emu as emu

    rng = np.random.default_rng(seed)
    rows, cols = GRID[0] * GRID[1] * SHARD * 32, WIDTH * 32
    x = (rng.standard_normal((rows, cols)) * 3 + 1).astype(ml_dtypes.bfloat16)
    gamma = np.repeat(rng.uniform(0.5, 1.5, (1, cols)), 32, axis=0).astype(ml_dtypes.bfloat16)
    beta = np.repeat(rng.uniform(-1, 1, (1, cols)), 32, axis=0).astype(ml_dtypes.bfloat16)
    sharded = emu.MemoryConfig("l1", "height_sharded", SHARDS)
    x_t = device.tensor(x, memory_config=sharded)
    out = device.empty((rows, cols), memory_config=sharded)
    sharded_layer_norm(x_t, device.tensor(gamma), device.tensor(beta), out)
    return out.to_numpy().astype(np.float32), reference(x, gamma, beta)


if __name__ == "__main__":
    import ttlang.emu as emu

    got, want = run(emu.open_device())
    err = np.abs(got - want).max()
    print(f"height-sharded layer norm on the emulated device: max |error| vs numpy {err:.4f}")
    assert np.allclose(got, want, atol=0.08, rtol=0.02), err
