"""tt-lang programs for the simulator tests, as the source text of a script's first lines."""

import pathlib

_EXAMPLE = pathlib.Path(__file__).resolve().parents[3] / "examples/ttlang11/eltwise_add_multicore.py"

# tt-lang 1.1's multi-core element-wise add (examples/ttlang11/eltwise_add_multicore.py) with
# tt-lang's own import, without its __main__ block.
EltwiseAdd = (
    _EXAMPLE.read_text()
    .replace("import ttlang as ttl", "import ttl")
    .split('if __name__ == "__main__":')[0]
)
assert "import ttl\n" in EltwiseAdd

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
