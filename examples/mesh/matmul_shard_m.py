"""Mesh step 1, shard M (in the style of tt-lang's matmul step 5): ``a`` and ``c`` sharded along
M, ``b`` replicated; each device computes its rows of ``relu(a @ b + c)`` independently and the
host concatenates them. Run: ``ttlang-sim --num-devices N examples/mesh/matmul_shard_m.py
[M_PER_DEVICE K N]`` (sizes multiples of 128)."""

import sys

import numpy as np
import ttnn

from matmul_operation import as_float, check, make_matmul, on_mesh, random_bf16

matmul = make_matmul(relu=True)
n_devices = ttnn.GetNumAvailableDevices()
ttnn.set_fabric_config(ttnn.FabricConfig.FABRIC_1D)
mesh_device = ttnn.open_mesh_device(ttnn.MeshShape(1, n_devices))
m_per_device, k, n = (int(v) for v in sys.argv[1:4]) if len(sys.argv) > 3 else (128, 256, 128)
m = m_per_device * n_devices


try:
    rng = np.random.default_rng(5)
    a, b, c = random_bf16(rng, (m, k)), random_bf16(rng, (k, n)), random_bf16(rng, (m, n))
    want = np.maximum(a.astype(np.float64) @ b.astype(np.float64) + c.astype(np.float64), 0)
    a_mesh = on_mesh(mesh_device, a, ttnn.ShardTensorToMesh(mesh_device, dim=0))
    b_mesh = on_mesh(mesh_device, b, ttnn.ReplicateTensorToMesh(mesh_device))
    c_mesh = on_mesh(mesh_device, c, ttnn.ShardTensorToMesh(mesh_device, dim=0))
    y_mesh = on_mesh(mesh_device, np.zeros((m, n), np.float32), ttnn.ShardTensorToMesh(mesh_device, dim=0))
    assert tuple(a_mesh.shape) == (m_per_device, k)  # each device's shard
    matmul(a_mesh, b_mesh, c_mesh, y_mesh)
    y = as_float(ttnn.to_torch(y_mesh, mesh_composer=ttnn.ConcatMeshToTensor(mesh_device, dim=0)))
    check(f"matmul_shard_m on {n_devices} device(s)", y, want)
finally:
    ttnn.close_device(mesh_device)
