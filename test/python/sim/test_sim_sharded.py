"""ttlang-sim: a tt-lang script whose tensors carry ttnn's sharded memory configurations
(ttnn.ShardSpec in a ttnn.MemoryConfig) runs on the emulated device, each shard placed in its
core's L1, and matches numpy."""

from __future__ import annotations

import json

from sim_harness import run_sim, sim_cache  # noqa: F401 - fixtures


def test_a_height_sharded_input_and_block_sharded_output_run_against_numpy(run_sim):
    done = run_sim("""
        import json

        import ml_dtypes
        import numpy as np
        import ttnn
        import ttl

        @ttl.operation(grid=(2, 2))
        def double(a, out):
            a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
            o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
            x, y = ttl.node(dims=2)
            for r in range(y * 2, y * 2 + 2):
                for c in range(x * 2, x * 2 + 2):
                    with a_dfb.reserve() as blk:
                        ttl.copy(a[r, c], blk).wait()
                    with a_dfb.wait() as v, o_dfb.reserve() as o:
                        o.store(v + v)
                    with o_dfb.wait() as o:
                        ttl.copy(o, out[r, c]).wait()

        def grid(x1, y1):
            return ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(x1, y1))])

        height = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1,
                                   ttnn.ShardSpec(grid(3, 0), [32, 128], ttnn.ShardOrientation.ROW_MAJOR))
        block = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.BLOCK_SHARDED, ttnn.BufferType.L1,
                                  ttnn.ShardSpec(grid(1, 1), [64, 64], ttnn.ShardOrientation.COL_MAJOR))
        device = ttnn.open_device(device_id=0)
        values = np.random.default_rng(3).standard_normal((128, 128)).astype(ml_dtypes.bfloat16)
        a = ttnn.from_torch(values, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                            memory_config=height)
        out = ttnn.empty((128, 128), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                         memory_config=block)
        double(a, out)
        got = np.asarray(ttnn.to_torch(out)).astype(np.float32)
        print(json.dumps({
            "exact": bool(np.array_equal(got, 2 * values.astype(np.float32))),
            "layout": str(out.memory_config().memory_layout),
        }))
    """)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == {"exact": True, "layout": "block_sharded"}
