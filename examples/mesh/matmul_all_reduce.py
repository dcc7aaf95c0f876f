"""Mesh step 3, shard K with an all-reduce (in the style of tt-lang's matmul step 7): as
``matmul_shard_k.py``, but the partial results are summed on the mesh by ``ttnn.all_reduce`` and
``ttnn.relu`` runs on every device; each device then holds the whole result. Run:
``ttlang-sim --num-devices N examples/mesh/matmul_all_reduce.py [M K_PER_DEVICE N]``."""

import sys

import numpy as np
import ttnn

from matmul_operation import as_float, check, make_matmul, shard_k_partials

matmul = make_matmul(relu=False)
n_devices = ttnn.GetNumAvailableDevices()
ttnn.set_fabric_config(ttnn.FabricConfig.FABRIC_1D)
mesh_device = ttnn.open_mesh_device(ttnn.MeshShape(1, n_devices))
m, k_per_device, n = (int(v) for v in sys.argv[1:4]) if len(sys.argv) > 3 else (128, 128, 128)

try:
    partial_mesh, want = shard_k_partials(matmul, mesh_device, n_devices, m, k_per_device, n,
                                          np.random.default_rng(7))
    reduced = ttnn.relu(ttnn.all_reduce(partial_mesh))
    every = as_float(ttnn.to_torch(reduced, mesh_composer=ttnn.ConcatMeshToTensor(mesh_device, dim=0)))
    for device in range(n_devices):
        check(f"matmul_all_reduce on {n_devices} device(s), device {device}", every[device * m:(device + 1) * m], want)
finally:
    ttnn.close_device(mesh_device)
