"""Mesh step 3, shard K with an all-reduce (in the style of tt-lang's matmul step 7): as
``matmul_shard_k.py``, but the partial results are summed on the mesh by ``ttnn.all_reduce`` and
``ttnn.relu`` runs on every device; each device then holds the whole result. Run:
``ttlang-sim --num-devices N examples/mesh/matmul_all_reduce.py [M K_PER_DEVICE N]``."""

import sys

import numpy as np
import ttnn

from matmul_operation import as_float, check, make_matmul, random_bf16

matmul = make_matmul(relu=False)
n_devices = ttnn.GetNumAvailableDevices()
ttnn.set_fabric_config(ttnn.FabricConfig.FABRIC_1D)
mesh_device = ttnn.open_mesh_device(ttnn.MeshShape(1, n_devices))
m, k_per_device, n = (int(v) for v in sys.argv[1:4]) if len(sys.argv) > 3 else (128, 128, 128)
k = k_per_device * n_devices


def on_mesh(values, mapper):
    return ttnn.from_torch(values, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=mesh_device,
                           memory_config=ttnn.DRAM_MEMORY_CONFIG, mesh_mapper=mapper)


try:
    rng = np.random.default_rng(7)
    a, b, c = random_bf16(rng, (m, k)), random_bf16(rng, (k, n)), random_bf16(rng, (m, n))
    want = np.maximum(a.astype(np.float64) @ b.astype(np.float64) + c.astype(np.float64), 0)
    a_mesh = on_mesh(a, ttnn.ShardTensorToMesh(mesh_device, dim=1))
    b_mesh = on_mesh(b, ttnn.ShardTensorToMesh(mesh_device, dim=0))
    stacked = np.zeros((m * n_devices, n), np.float32)
    stacked[:m] = c.astype(np.float32)
    c_mesh = on_mesh(stacked, ttnn.ShardTensorToMesh(mesh_device, dim=0))
    partial_mesh = on_mesh(np.zeros((m * n_devices, n), np.float32), ttnn.ShardTensorToMesh(mesh_device, dim=0))
    matmul(a_mesh, b_mesh, c_mesh, partial_mesh)
    reduced = ttnn.relu(ttnn.all_reduce(partial_mesh))
    every = as_float(ttnn.to_torch(reduced, mesh_composer=ttnn.ConcatMeshToTensor(mesh_device, dim=0)))
    for device in range(n_devices):
        check(f"matmul_all_reduce on {n_devices} device(s), device {device}", every[device * m:(device + 1) * m], want)
finally:
    ttnn.close_device(mesh_device)
