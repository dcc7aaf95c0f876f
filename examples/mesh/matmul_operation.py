"""The tutorial's blocked matmul operation (tt-lang's matmul steps 4-7), shared by the mesh
examples beside it: ``y = c + a @ b`` (with ``relu`` when ``RELU``), every device filling its own
grid (``grid="full"``) with blocks of ``GRANULARITY`` x ``GRANULARITY`` tiles."""

import ttl

TILE_SIZE = 32
GRANULARITY = 4


def make_matmul(relu: bool):
    @ttl.operation(grid="full")
    def matmul(a, b, c, y) -> None:
        m_blocks = a.shape[0] // TILE_SIZE // GRANULARITY
        n_blocks = b.shape[1] // TILE_SIZE // GRANULARITY
        k_blocks = a.shape[1] // TILE_SIZE // GRANULARITY
        grid_n, grid_m = ttl.grid_size(dims=2)
        m_per_node = -(-m_blocks // grid_m)
        n_per_node = -(-n_blocks // grid_n)
        a_dfb = ttl.make_dataflow_buffer_like(a, shape=(GRANULARITY, GRANULARITY), block_count=2)
        b_dfb = ttl.make_dataflow_buffer_like(b, shape=(GRANULARITY, GRANULARITY), block_count=2)
        c_dfb = ttl.make_dataflow_buffer_like(c, shape=(GRANULARITY, GRANULARITY), block_count=2)
        acc_dfb = ttl.make_dataflow_buffer_like(y, shape=(GRANULARITY, GRANULARITY), block_count=2)
        y_dfb = ttl.make_dataflow_buffer_like(y, shape=(GRANULARITY, GRANULARITY), block_count=2)

        @ttl.datamovement()
        def read():
            node_n, node_m = ttl.node(dims=2)
            for local_m in range(m_per_node):
                m_block = node_m * m_per_node + local_m
                if m_block < m_blocks:
                    m0 = m_block * GRANULARITY
                    for local_n in range(n_per_node):
                        n_block = node_n * n_per_node + local_n
                        if n_block < n_blocks:
                            n0 = n_block * GRANULARITY
                            with c_dfb.reserve() as c_blk:
                                ttl.copy(c[m0:m0 + GRANULARITY, n0:n0 + GRANULARITY], c_blk).wait()
                            for k_block in range(k_blocks):
                                k0 = k_block * GRANULARITY
                                with a_dfb.reserve() as a_blk, b_dfb.reserve() as b_blk:
                                    tx_a = ttl.copy(a[m0:m0 + GRANULARITY, k0:k0 + GRANULARITY], a_blk)
                                    tx_b = ttl.copy(b[k0:k0 + GRANULARITY, n0:n0 + GRANULARITY], b_blk)
                                    tx_a.wait()
                                    tx_b.wait()

        @ttl.compute()
        def compute():
            node_n, node_m = ttl.node(dims=2)
            for local_m in range(m_per_node):
                m_block = node_m * m_per_node + local_m
                if m_block < m_blocks:
                    for local_n in range(n_per_node):
                        n_block = node_n * n_per_node + local_n
                        if n_block < n_blocks:
                            with acc_dfb.reserve() as acc_blk:
                                acc_blk.store(ttl.block.fill(0, shape=acc_blk.shape))
                            for _ in range(k_blocks):
                                with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk, acc_dfb.wait() as pre:
                                    with acc_dfb.reserve() as acc_blk:
                                        acc_blk.store(pre + a_blk @ b_blk)
                            with c_dfb.wait() as c_blk, acc_dfb.wait() as acc_blk:
                                with y_dfb.reserve() as y_blk:
                                    if relu:
                                        y_blk.store(ttl.math.relu(c_blk + acc_blk))
                                    else:
                                        y_blk.store(c_blk + acc_blk)

        @ttl.datamovement()
        def write():
            node_n, node_m = ttl.node(dims=2)
            for local_m in range(m_per_node):
                m_block = node_m * m_per_node + local_m
                if m_block < m_blocks:
                    m0 = m_block * GRANULARITY
                    for local_n in range(n_per_node):
                        n_block = node_n * n_per_node + local_n
                        if n_block < n_blocks:
                            n0 = n_block * GRANULARITY
                            with y_dfb.wait() as y_blk:
                                ttl.copy(y_blk, y[m0:m0 + GRANULARITY, n0:n0 + GRANULARITY]).wait()

    return matmul


def as_float(values):
    """A torch tensor or numpy array (what ttnn.to_torch returns, with or without torch) as a
    float32 numpy array."""
    import numpy as np

    if hasattr(values, "float"):
        return values.float().numpy()
    return np.asarray(values, dtype=np.float32)


def random_bf16(rng, shape):
    import ml_dtypes

    return rng.standard_normal(shape).astype(ml_dtypes.bfloat16)


def check(name, got, want, rtol=0.05):
    """Within ``rtol`` of the largest reference magnitude everywhere, and correlated (PCC)."""
    import numpy as np

    scale = float(np.abs(want).max()) or 1.0
    worst = float(np.abs(got - want).max()) / scale
    pcc = float(np.corrcoef(got.ravel(), want.ravel())[0, 1])
    assert worst < rtol and pcc > 0.999, f"{name}: worst relative error {worst:.4f}, PCC {pcc:.6f}"
    print(f"{name}: ok (worst relative error {worst:.4f}, PCC {pcc:.6f})")


def on_mesh(mesh_device, values, mapper):
    """``values`` (numpy) as a bf16 tiled DRAM tensor of ``mesh_device``, placed by ``mapper``."""
    import ttnn

    return ttnn.from_torch(values, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=mesh_device,
                           memory_config=ttnn.DRAM_MEMORY_CONFIG, mesh_mapper=mapper)


def shard_k_partials(matmul, mesh_device, n_devices, m, k_per_device, n, rng):
    """Shard K (tt-lang's matmul steps 6 and 7): ``a`` sharded along its columns, ``b`` along its
    rows, the bias ``c`` on device 0 only (zeros elsewhere); runs ``matmul`` (without relu) on
    every device. Returns the mesh tensor of partial results (one m x n slab per device) and the
    float64 reference ``relu(a @ b + c)``."""
    import numpy as np
    import ttnn

    k = k_per_device * n_devices
    a, b, c = random_bf16(rng, (m, k)), random_bf16(rng, (k, n)), random_bf16(rng, (m, n))
    want = np.maximum(a.astype(np.float64) @ b.astype(np.float64) + c.astype(np.float64), 0)
    by_rows = ttnn.ShardTensorToMesh(mesh_device, dim=0)
    a_mesh = on_mesh(mesh_device, a, ttnn.ShardTensorToMesh(mesh_device, dim=1))
    b_mesh = on_mesh(mesh_device, b, by_rows)
    stacked = np.zeros((m * n_devices, n), np.float32)
    stacked[:m] = c.astype(np.float32)
    partial_mesh = on_mesh(mesh_device, np.zeros((m * n_devices, n), np.float32), by_rows)
    matmul(a_mesh, b_mesh, on_mesh(mesh_device, stacked, by_rows), partial_mesh)
    return partial_mesh, want
