"""tt-lang programs for the simulator tests, as the source text of a script's first lines."""

# tt-lang 1.1's multi-core element-wise add (examples/ttlang11/eltwise_add_multicore.py) with
# tt-lang's own import.
EltwiseAdd = '''
import ttl

TILE_SIZE = 32


@ttl.operation(grid=(2, 2))
def eltwise_add(a_in, b_in, out):
    block_rows, block_cols = 1, 2
    grid_x, grid_y = ttl.grid_size(dims=2)
    rows = a_in.shape[0] // TILE_SIZE
    cols = a_in.shape[1] // TILE_SIZE
    rows_per_core = rows // grid_y
    cols_per_core = cols // grid_x
    blocks_per_row = cols_per_core // block_cols

    a_dfb = ttl.make_dataflow_buffer_like(a_in, shape=(block_rows, block_cols), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b_in, shape=(block_rows, block_cols), block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(block_rows, block_cols), block_count=2)

    @ttl.compute()
    def compute_fn():
        for _ in range(rows_per_core):
            for _ in range(blocks_per_row):
                with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk, out_dfb.reserve() as out_blk:
                    out_blk.store(a_blk + b_blk)

    @ttl.datamovement()
    def dm_read():
        x, y = ttl.node(dims=2)
        for i in range(rows_per_core):
            r = y * rows_per_core + i
            for j in range(blocks_per_row):
                c = x * cols_per_core + j * block_cols
                with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
                    tx_a = ttl.copy(a_in[r : r + block_rows, c : c + block_cols], a_blk)
                    tx_b = ttl.copy(b_in[r : r + block_rows, c : c + block_cols], b_blk)
                    tx_a.wait()
                    tx_b.wait()

    @ttl.datamovement()
    def dm_write():
        x, y = ttl.node(dims=2)
        for i in range(rows_per_core):
            r = y * rows_per_core + i
            for j in range(blocks_per_row):
                c = x * cols_per_core + j * block_cols
                with out_dfb.wait() as out_blk:
                    tx = ttl.copy(out_blk, out[r : r + block_rows, c : c + block_cols])
                    tx.wait()
'''

# A one-tile copy through one DFB: the smallest operation that runs kernels.
TileCopy = '''
import ttl


@ttl.operation(grid=(1, 1){factory})
def tile_copy(a, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def reader():
        with a_dfb.reserve() as blk:
            ttl.copy(a[0:1, 0:1], blk).wait()

    @ttl.datamovement()
    def writer():
        with a_dfb.wait() as blk:
            ttl.copy(blk, out[0:1, 0:1]).wait()
'''


def tile_copy(factory: str = "") -> str:
    """TileCopy, declared with ``runtime_resource_factory=<factory>`` when ``factory`` names one."""
    return TileCopy.replace("{factory}", f", runtime_resource_factory={factory}" if factory else "")


# Driver lines: the device and two 32x32 bfloat16 tiles (a = 1.5, out empty), as tt-lang
# programs make them (numpy instead of torch).
TileTensors = '''
import numpy as np
import ttnn

device = ttnn.open_device(device_id=0)
a = ttnn.from_torch(np.full((32, 32), 1.5, np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                    device=device, memory_config=ttnn.DRAM_MEMORY_CONFIG)
out = ttnn.empty((32, 32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                 memory_config=ttnn.L1_MEMORY_CONFIG)
'''
