# A sharded-tensor script in the style of tt-lang's height-shard examples, written for ttlang's
# tests: x is height-sharded over four cores (one 32 x 64 shard each, in their L1); core i reads
# the shard of core (i + 1) % 4 (a remote L1 read) and its own (a local one) and writes their
# sum to tile row i of a DRAM output, so y = x + roll(x, -32 rows). numpy inputs and reference.
import ml_dtypes
import numpy as np
import ttnn

import ttl

CORES = 4
TILE = 32


@ttl.operation(grid=(CORES, 1))
def neighbour_rows(x, y):
    cols = x.shape[1] // TILE
    own_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, cols), block_count=2)
    next_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, cols), block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=(1, cols), block_count=2)

    @ttl.compute()
    def add():
        with own_dfb.wait() as a, next_dfb.wait() as b, y_dfb.reserve() as out:
            out.store(a + b)

    @ttl.datamovement()
    def read():
        core, _ = ttl.node(dims=2)
        with own_dfb.reserve() as a, next_dfb.reserve() as b:
            mine = ttl.copy(x[core, 0:cols], a)
            theirs = ttl.copy(x[(core + 1) % CORES, 0:cols], b)
            mine.wait()
            theirs.wait()

    @ttl.datamovement()
    def write():
        core, _ = ttl.node(dims=2)
        with y_dfb.wait() as out:
            ttl.copy(out, y[core, 0:cols]).wait()


rng = np.random.default_rng(17)
x = rng.uniform(-4, 4, (CORES * TILE, 2 * TILE)).astype(ml_dtypes.bfloat16)
device = ttnn.open_device(device_id=0)
try:
    sharded = ttnn.create_sharded_memory_config(
        shape=(TILE, 2 * TILE), core_grid=ttnn.CoreGrid(y=1, x=CORES),
        strategy=ttnn.ShardStrategy.HEIGHT, use_height_and_width_as_shard_shape=True,
    )
    x_dev = ttnn.from_torch(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                            memory_config=sharded)
    y_dev = ttnn.empty((CORES * TILE, 2 * TILE), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                       device=device)
    neighbour_rows(x_dev, y_dev)
    result = ttnn.to_torch(y_dev)  # a torch tensor when torch is installed
    got = np.asarray(result.float() if hasattr(result, "float") else result, dtype=np.float32)
    expected = (x.astype(np.float32) + np.roll(x.astype(np.float32), -TILE, axis=0))
    expected = expected.astype(ml_dtypes.bfloat16).astype(np.float32)  # one bf16 rounding
    assert np.array_equal(got, expected), np.max(np.abs(got - expected))
    print("sharded_neighbour_rows: ok")
finally:
    ttnn.close_device(device)
