"""Mesh step 2, shard K (in the style of tt-lang's matmul step 6): ``a`` sharded along K (its
columns), ``b`` along K (its rows); each device computes a partial product plus its slice of a
stacked bias (the real ``c`` on device 0, zeros elsewhere); the host sums the partial results and
applies relu. Run: ``ttlang-sim --num-devices N examples/mesh/matmul_shard_k.py [M K_PER_DEVICE N]``."""

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
                                          np.random.default_rng(6))
    partial = as_float(ttnn.to_torch(partial_mesh, mesh_composer=ttnn.ConcatMeshToTensor(mesh_device, dim=0)))
    y = np.maximum(partial.reshape(n_devices, m, n).sum(axis=0), 0)
    check(f"matmul_shard_k on {n_devices} device(s)", y, want)
finally:
    ttnn.close_device(mesh_device)
