"""Meshes under ``ttlang-sim`` (issue 35): ``--num-devices`` / ``--mesh-shape``, ttnn's mesh
driver API (``set_fabric_config``, ``open_mesh_device``, ``MeshShape``, the mappers and
composers), ttnn's collectives on mesh tensors (their golden functions, on the host), and the
mesh tutorial steps in ``examples/mesh`` (shard M, shard K, all-reduce) for 1, 2, 4 and 8 devices,
each checking its numbers against numpy. Emulated results, not hardware ones."""

from __future__ import annotations

import pathlib
import subprocess

import pytest
from sim_harness import ROOT, sim_command
from test_sim_scripts import torch_env

MESH_EXAMPLES = ROOT / "examples" / "mesh"


@pytest.mark.parametrize("devices", [1, 2, 4, 8])
@pytest.mark.parametrize("script", ["matmul_shard_m.py", "matmul_shard_k.py", "matmul_all_reduce.py"])
def test_mesh_tutorial_steps_match_numpy(script, devices, session_dir):
    cache = session_dir("sim-mesh-cache")
    command = [*sim_command(), "--cache-dir", str(cache), "--num-devices", str(devices),
               str(MESH_EXAMPLES / script)]
    done = subprocess.run(command, capture_output=True, text=True, env=torch_env(), cwd=MESH_EXAMPLES,
                          timeout=900)
    assert done.returncode == 0, done.stderr[-4000:]
    assert f"on {devices} device(s)" in done.stdout and ": ok" in done.stdout, done.stdout
    assert "FAIL" not in done.stdout


def run_script(tmp_path, source: str, *options: str) -> subprocess.CompletedProcess:
    script = tmp_path / "mesh_program.py"
    script.write_text(source)
    return subprocess.run([*sim_command(), "--cache-dir", str(tmp_path / "cache"), *options, str(script)],
                          capture_output=True, text=True, env=torch_env(), cwd=tmp_path, timeout=300)


COLLECTIVES = """
import numpy as np
import torch
import ttnn

assert ttnn.GetNumAvailableDevices() == 4 and ttnn.get_num_devices() == 4
ttnn.set_fabric_config(ttnn.FabricConfig.FABRIC_1D_RING)
mesh = ttnn.open_mesh_device(ttnn.MeshShape(2, 2))
assert tuple(mesh.shape) == (2, 2) and mesh.topology.dim_types == ("line", "line")  # rings of 2 are lines
rng = np.random.default_rng(3)
x = torch.from_numpy(rng.uniform(-2, 2, (4 * 32, 64)).astype(np.float32)).to(torch.bfloat16)

def place(values, mapper):
    return ttnn.from_torch(values, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=mesh, mesh_mapper=mapper)

def shards(t):
    return [ttnn.to_torch(d).float().numpy() for d in ttnn.get_device_tensors(t)]

xs = x.float().numpy().reshape(4, 32, 64)
t = place(x, ttnn.ShardTensorToMesh(mesh, dim=0))
g = ttnn.all_gather(t, dim=0)                       # every chip: all four shards
assert all(np.array_equal(s, xs.reshape(128, 64)) for s in shards(g))
rows = ttnn.all_gather(t, dim=1, cluster_axis=1)    # along each row: its two shards side by side
assert np.array_equal(shards(rows)[3], np.concatenate([xs[2], xs[3]], axis=1))
r = ttnn.all_reduce(t)                              # every chip: the sum (bf16 data, sums of 4)
want = xs.astype(np.float64).sum(axis=0)
assert all(np.abs(s - want).max() <= 0.05 * np.abs(want).max() for s in shards(r))
cols = ttnn.all_reduce(t, cluster_axis=0)           # along each column: chips (0,c) + (1,c)
assert np.allclose(shards(cols)[1], xs[1] + xs[3], atol=0.05)
rs = ttnn.reduce_scatter(t, dim=0)                  # chip i: rows [8i, 8i+8) of the sum
assert all(np.abs(s - want[8 * i:8 * i + 8]).max() <= 0.05 * np.abs(want).max() for i, s in enumerate(shards(rs)))
y = ttnn.relu(t)                                    # a library operation: on every chip
assert np.array_equal(ttnn.to_torch(y, mesh_composer=ttnn.ConcatMeshToTensor(mesh, dim=0)).float().numpy(),
                      np.maximum(xs.reshape(128, 64), 0))
two_d = place(x.reshape(2 * 32, 128), ttnn.ShardTensor2dMesh(mesh, (2, 2), dims=(0, 1)))
back = ttnn.to_torch(two_d, mesh_composer=ttnn.ConcatMesh2dToTensor(mesh, (2, 2), dims=(0, 1)))
assert torch.equal(back, x.reshape(64, 128))
try:
    ttnn.to_torch(t)
except Exception as error:
    assert "mesh composer" in str(error)
else:
    raise AssertionError("a mesh tensor read without a composer")
ttnn.close_device(mesh)
print("collectives: ok")
"""


def test_collectives_mappers_and_composers(tmp_path):
    done = run_script(tmp_path, COLLECTIVES, "--num-devices", "4")
    assert done.returncode == 0, done.stderr[-4000:]
    assert "collectives: ok" in done.stdout


def test_a_mesh_larger_than_the_devices_is_refused(tmp_path):
    done = run_script(tmp_path, "import ttnn\nttnn.open_mesh_device(ttnn.MeshShape(1, 4))\n", "--num-devices", "2")
    assert done.returncode == 1
    assert "run it with --num-devices 4" in done.stderr


def test_cluster_queries_are_answered_or_refused_never_the_real_cluster(tmp_path):
    done = run_script(tmp_path, """
import ttnn
from ttlang.emu import NotEmulatedError
print(ttnn.get_device_ids(), ttnn.get_num_pcie_devices(), ttnn.get_fabric_config())
ttnn.set_fabric_config(ttnn.FabricConfig.FABRIC_2D)
with ttnn.create_mesh_device(ttnn.MeshShape(1, 2)) as mesh:
    print(ttnn.get_fabric_config(), mesh.get_num_devices())
try:
    ttnn.get_physical_mesh_shapes()
except NotEmulatedError as error:
    print(error)
""", "--num-devices", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "[0, 1] 2 FabricConfig.DISABLED"
    assert lines[1] == "FabricConfig.FABRIC_2D 2"
    assert lines[2].startswith("ttnn.get_physical_mesh_shapes is not emulated: it queries")


def test_unsupported_ttnn_calls_on_a_mesh_are_not_emulated_errors(tmp_path):
    # The real ttnn given the simulator's mesh would fail in C++ (or abort): a NotEmulatedError
    # naming the function instead.
    done = run_script(tmp_path, "import ttnn\nm = ttnn.open_mesh_device(ttnn.MeshShape(1, 2))\n"
                                "ttnn.visualize_mesh_device(m)\n", "--mesh-shape", "1,2")
    assert done.returncode == 1
    assert "NotEmulatedError: ttnn.visualize_mesh_device is not emulated" in done.stderr
    assert "TT_FATAL" not in done.stderr and "backtrace" not in done.stderr


@pytest.mark.parametrize("options,message", [
    (("--num-devices", "0"), "between 1 and 32"),
    (("--num-devices", "33"), "between 1 and 32"),
    (("--mesh-shape", "2,2", "--num-devices", "8"), "has 4 devices"),
    (("--mesh-shape", "two"), "expected ROWS,COLS"),
])
def test_mesh_options_are_checked(tmp_path, options, message):
    done = run_script(tmp_path, "print('ran')\n", *options)
    assert done.returncode == 2 and message in done.stderr
    assert "ran" not in done.stdout


def test_mesh_shape_sets_the_default_mesh(tmp_path):
    done = run_script(tmp_path, "import ttnn\nm = ttnn.open_mesh_device()\nprint(tuple(m.shape), "
                                "ttnn.GetNumAvailableDevices())\n", "--mesh-shape", "2,4")
    assert done.returncode == 0, done.stderr
    assert "(2, 4) 8" in done.stdout
