"""Meshes of emulated devices (issue 35): topology from ttnn's mesh graph descriptors, mesh
tensors placed and composed as ttnn's mappers and composers do, operations dispatched once per
chip (runtime resource factory per device execution), and TT-Fabric between the chips of one
run, checked against numpy. Emulated results, not hardware ones."""

from __future__ import annotations

import json
import pathlib

import numpy as np
import pytest

import ttlang.emu as emu
from ttlang.emu.mesh_topology import FABRIC_WRAPS, LINE, RING, MeshTopology, descriptors, topology_for
from fabric_kernels import FAULTY, RELAY, WAITING, faulty_operation, relay_operation, waiting_operation
from numerics import BF16, assert_bits_equal, bf16, f32
from program_files import load_module

ROOT = pathlib.Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"


def example(name: str):
    return load_module(EXAMPLES / name, "emu_mesh_" + name.replace("/", "_").removesuffix(".py"))


def uniform(rng, shape):
    return rng.uniform(-1, 1, shape).astype(np.float32).astype(BF16)


@pytest.fixture(scope="module")
def mesh_cache(emu_cache):
    return emu_cache


def open_mesh(shape, cache, **options):
    return emu.open_mesh_device(shape, cache_dir=cache, **options)


def test_the_docs_mesh_example_runs(tmp_path, capsys):
    from doc_snippets import python_snippets, run_snippet  # noqa: PLC0415

    (snippet,) = [s for s in python_snippets("docs/emulator.md") if "emu.open_mesh_device" in s]
    run_snippet(snippet, tmp_path / "mesh_doc.py")
    assert "4 [1 2 3 4]" in capsys.readouterr().out


# Topology ----------------------------------------------------------------------------------


def test_descriptors_come_from_the_ttnn_wheel():
    by_name = {d.name: d for d in descriptors()}
    t3k = by_name["t3k_mesh_graph_descriptor"]
    assert (t3k.arch, t3k.shape, t3k.dim_types, t3k.links) == ("wormhole_b0", (2, 4), (LINE, LINE), 2)
    galaxy = by_name["single_galaxy_mesh_graph_descriptor"]
    assert (galaxy.shape, galaxy.links) == ((8, 4), 4)
    assert by_name["single_galaxy_torus_x_graph_descriptor"].dim_types == (LINE, RING)


def test_topologies_take_the_shipped_links():
    assert topology_for((2, 4), "wormhole_b0").links == 2  # T3K
    galaxy = topology_for((4, 8), "wormhole_b0")  # a Galaxy turned on its side
    assert (galaxy.links, galaxy.source) == (4, "single_galaxy_mesh_graph_descriptor")
    assert topology_for((3, 5), "wormhole_b0").links == 1  # no shipped mesh of that shape


def test_lines_rings_and_tori():
    line = MeshTopology((1, 4), links=2)
    assert line.neighbours((0, 0)) == ((0, 1),)
    ring = line.with_fabric("FABRIC_1D_RING")
    assert ring.neighbours((0, 0)) == ((0, 1), (0, 3))
    torus = MeshTopology((4, 4)).with_fabric("FABRIC_2D_TORUS_XY")
    assert torus.neighbours((0, 0)) == ((0, 1), (0, 3), (1, 0), (3, 0))
    assert MeshTopology((4, 4)).with_fabric("FABRIC_2D_TORUS_Y").neighbours((0, 0)) == ((0, 1), (1, 0), (3, 0))
    assert set(FABRIC_WRAPS) >= {"FABRIC_1D", "FABRIC_1D_RING", "FABRIC_2D", "FABRIC_2D_TORUS_XY"}
    plane = MeshTopology((2, 4), links=2).control_plane()
    assert plane.exposed_links((0, 0), (0, 1)) == (0, 1) and plane.exposed_links((0, 0), (1, 1)) == ()


# Devices and tensors -----------------------------------------------------------------------


def test_each_chip_has_its_own_memory(emu_cache, rng):
    mesh = open_mesh((2, 4), emu_cache)
    assert mesh.get_num_devices() == 8 and mesh.topology.links == 2
    assert [d.mesh_coordinate for d in mesh.devices][:3] == [(0, 0), (0, 1), (0, 2)]
    assert [d.device_id for d in mesh.devices] == list(range(8))
    a, b = uniform(rng, (64, 64)), uniform(rng, (64, 64))
    on_first = mesh.device((0, 0)).tensor(a)
    on_last = mesh.device((1, 3)).tensor(b)
    assert on_first.buffer_address() == on_last.buffer_address()  # same allocator state
    assert_bits_equal(on_first.to_numpy(), a)
    assert_bits_equal(on_last.to_numpy(), b)


def test_mappers_and_composers_are_ttnns(emu_cache, rng):
    mesh = open_mesh((2, 4), emu_cache)
    x = uniform(rng, (8 * 32, 2 * 32))
    flat = mesh.shard(x, dim=0)  # ShardTensorToMesh(dim=0): row-major over all 8
    assert flat.shape == (32, 64)
    assert_bits_equal(flat.shard((1, 2)).to_numpy(), x[6 * 32:7 * 32])
    assert_bits_equal(flat.concat(0), x)  # ConcatMeshToTensor(dim=0)
    g = uniform(rng, (64, 128))
    grid = mesh.shard_2d(g, dims=(0, 1))  # ShardTensor2dMesh: rows over dim 0, columns over 1
    assert_bits_equal(grid.shard((1, 2)).to_numpy(), g[32:64, 64:96])
    assert_bits_equal(grid.concat_2d((0, 1)), g)  # ConcatMesh2dToTensor
    rows_only = mesh.shard_2d(x[:64], dims=(0, None))  # rows sharded, columns replicated
    assert_bits_equal(rows_only.shard((1, 3)).to_numpy(), x[32:64])
    replicated = mesh.replicate(x[:32])
    assert all(np.array_equal(t.to_numpy().view(np.uint16), bf16(x[:32]).view(np.uint16))
               for t in replicated.device_tensors())
    with pytest.raises(emu.NotEmulatedError, match="even shards"):
        mesh.shard(x[:100], dim=0)


GALAXY = """
import sys
import numpy as np
import ttnn  # as a ttlang-sim script has it: ttnn's own mappings are in place
import ttlang.emu as emu
sys.path.insert(0, %r)
from tile_add_unified import tile_add
mesh = emu.open_mesh_device((4, 8), cache_dir=%r)
x = np.arange(32 * 128 * 128, dtype=np.float32).reshape(32 * 128, 128) %% 251
assert np.array_equal(mesh.shard(x, dim=0).concat(0), x)
out = mesh.empty((128, 128), dtype="float32")
tile_add(mesh.shard(x, dim=0), mesh.shard(x, dim=0), out)  # kernels on chips whose L1 lies above 2 GiB too
assert np.array_equal(out.concat(0), 2 * x)
print("chips:", mesh.get_num_devices())
"""


def test_thirty_two_chips_fit_in_a_process(emu_cache):
    # A 4x8 (Galaxy-like) mesh: 32 chips of 64 cores, each chip's L1 reserved lazily below
    # 4 GiB (past 2 GiB for the later chips); small tensors and an add on every chip. In a process of its own: the address space below
    # 4 GiB is the process's, and other tests' devices may still hold some.
    import os  # noqa: PLC0415
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "python"), os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-c", GALAXY % (str(EXAMPLES), str(emu_cache))], capture_output=True, text=True,
                          timeout=300, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "chips: 32" in done.stdout


# Dispatch ----------------------------------------------------------------------------------


def test_an_operation_runs_on_every_chip(emu_cache, rng):
    tile_add = example("tile_add_unified.py").tile_add
    mesh = open_mesh((1, 4), emu_cache)
    a, b = uniform(rng, (4 * 128, 128)), uniform(rng, (4 * 128, 128))
    out = mesh.empty((128, 128))
    result = tile_add(mesh.shard(a, 0), mesh.shard(b, 0), out)
    assert isinstance(result, emu.MeshDispatchResult) and len(result.results) == 4
    assert_bits_equal(out.concat(0), bf16(f32(a) + f32(b)))
    again = tile_add(mesh.shard(b, 0), mesh.shard(a, 0), out)  # one program structure: cached
    assert again.cache_hit


def test_mesh_and_single_device_tensors_do_not_mix(emu_cache, rng):
    tile_add = example("tile_add_unified.py").tile_add
    mesh = open_mesh((1, 2), emu_cache)
    single = emu.open_device(cache_dir=emu_cache)
    a = uniform(rng, (128, 128))
    with pytest.raises(emu.EmulatorError, match="another emulated device"):
        tile_add(single.tensor(a), mesh.replicate(a), single.empty((128, 128)))
    with pytest.raises(emu.EmulatorError, match="tensors of that mesh only"):
        tile_add(mesh.replicate(a), single.tensor(a), mesh.empty((128, 128)))


def test_the_factory_runs_once_per_device_with_its_words(emu_cache):
    # The spec's collective on a 1x2 mesh: its factory runs for each device's execution; each
    # chip's program carries that call's words (core (1, 0) writes 0x200 | slot into page 1).
    m = example("runtime_collective.py")
    m.RUNTIME_OWNER.sequence = 0
    result, out = m.run_on_mesh()
    assert [c for c, _ in result.results] == [(0, 0), (0, 1)]
    for coordinate, dispatch in result.results:
        words = out.shard(coordinate).to_numpy().view(np.uint16)
        assert (words[0, 0], words[0, 32]) == (0x200, 0x201), coordinate
        assert dispatch.emulated and not dispatch.compile_only


# Fabric ------------------------------------------------------------------------------------


@pytest.mark.parametrize("shape,ring", [((1, 2), False), ((1, 4), True), ((1, 4), False), ((2, 4), True)])
def test_all_gather_in_ttlang_over_the_fabric(emu_cache, rng, shape, ring):
    m = example("mesh_all_gather.py")
    rows, cols = shape
    mesh = open_mesh(shape, emu_cache, fabric="FABRIC_1D_RING" if ring else "FABRIC_1D")
    shards = rng.uniform(-4, 4, (rows * cols, *m.SHARD)).astype(np.float32).astype(BF16)
    out = m.gather(mesh, shards, ring)
    for r in range(rows):
        want = np.concatenate([shards[r * cols + c] for c in range(cols)], axis=0)
        for c in range(cols):
            assert_bits_equal(out.shard((r, c)).to_numpy(), want)


@pytest.mark.parametrize("shape", [(1, 2), (1, 4), (2, 4)])
def test_all_reduce_in_ttlang_over_the_fabric(emu_cache, rng, shape):
    # The all-gather above, then a TT-Lang running sum of the gathered shards on every chip: each
    # add of two bfloat16 tiles is numpy's bfloat16(float32(a) + float32(b)), in chip order.
    m = example("mesh_all_reduce.py")
    rows, cols = shape
    mesh = open_mesh(shape, emu_cache, fabric="FABRIC_1D_RING")
    shards = rng.uniform(-4, 4, (rows * cols, 64, 96)).astype(np.float32).astype(BF16)
    out = m.all_reduce(mesh, shards)
    for r in range(rows):
        want = m.ordered_sum(shards[r * cols:(r + 1) * cols])
        for c in range(cols):
            assert_bits_equal(out.shard((r, c)).to_numpy(), want)


@pytest.mark.parametrize("shape", [(1, 2), (1, 4), (2, 4)])
def test_reduce_scatter_all_reduce_in_ttlang_over_the_ring(emu_cache, rng, shape):
    # Ring reduce-scatter (N - 1 steps of send one chunk, add the received one), then the
    # all-gather of the reduced chunks: chunk c summed around the ring from chip c + 1, each
    # add bfloat16(float32(a) + float32(b)); bit-exact against numpy in that order.
    m = example("mesh_reduce_scatter.py")
    rows, cols = shape
    mesh = open_mesh(shape, emu_cache, fabric="FABRIC_1D_RING")
    shards = rng.uniform(-4, 4, (rows * cols, 32 * cols, 64)).astype(np.float32).astype(BF16)
    scattered = m.reduce_scatter(mesh, mesh.shard(shards.reshape(-1, 64), dim=0))
    out = m.all_reduce(mesh, shards)
    for r in range(rows):
        want = m.ring_sum(shards[r * cols:(r + 1) * cols])
        for c in range(cols):
            assert_bits_equal(scattered.shard((r, c)).to_numpy(), want[32 * c:32 * (c + 1)])
            assert_bits_equal(out.shard((r, c)).to_numpy(), want)


def test_a_mesh_trace_tells_the_chips_apart(emu_cache, rng, tmp_path):
    # Each chip's kernels are traced under their own device: a process per chip in the JSON,
    # every event naming its device, counts keyed by device (the all-gather's two chips do the
    # same work, so their counts agree).
    m = example("mesh_all_gather.py")
    mesh = open_mesh((1, 2), emu_cache)
    shards = rng.uniform(-4, 4, (2, *m.SHARD)).astype(np.float32).astype(BF16)
    with mesh.trace(tmp_path / "mesh.json") as trace:
        m.gather(mesh, shards, False)
    by_device = {}
    for (device, core, kernel), counts in trace.counts.items():
        by_device.setdefault(device, {})[(core, kernel)] = counts
    assert sorted(by_device) == ["device 0", "device 1"]
    assert by_device["device 0"] == by_device["device 1"] and by_device["device 0"]
    events = json.loads((tmp_path / "mesh.json").read_text())["traceEvents"]
    names = {e["pid"]: e["args"]["name"] for e in events if e["name"] == "process_name"}
    assert sorted(names.values()) == ["device 0 (emulated)", "device 1 (emulated)"]
    timed = [e for e in events if e["ph"] != "M"]
    assert {e["pid"] for e in timed} == set(names)
    for event in timed:
        assert names[event["pid"]] == f"{event['args']['device']} (emulated)", event


@pytest.fixture
def faulty_header(tmp_path):
    path = tmp_path / "faulty.hpp"
    path.write_text(FAULTY)
    return path


def _other(coordinate):
    return (0, 1 - coordinate[1])


@pytest.mark.parametrize("mode,match", [
    (1, r"kernel 'data_movement' on core \(0, 0\) of device \d: sends on the connection to device \d "
        r"over link 0 .*which is closed \(route_close\)"),
    (2, r"beyond the link's 8 buffer slots without waiting"),
    (4, r"ends with the connection to device \d over link 0 .* still open"),
])
def test_fabric_misuse_is_a_typed_error_and_the_mesh_stays_usable(emu_cache, faulty_header, mode, match):
    mesh = open_mesh((1, 2), emu_cache)
    inp = mesh.empty((32, 32))
    with pytest.raises(emu.KernelFault, match=match) as caught:
        faulty_operation(faulty_header, mode, _other)(inp)
    assert caught.value.device in (0, 1) and caught.value.core == (0, 0)
    faulty_operation(faulty_header, 3, _other)(inp)  # the same mesh runs the next program


def test_a_connection_to_a_chip_without_a_link_is_refused(emu_cache, faulty_header):
    mesh = open_mesh((1, 4), emu_cache)  # a line: device 0 and device 2 share no link
    with pytest.raises(emu.KernelFault, match=r"no link joins them"):
        faulty_operation(faulty_header, 3, lambda c: (0, (c[1] + 2) % 4))(mesh.empty((32, 32)))


def test_a_packet_routed_off_the_line_is_refused(emu_cache, faulty_header, tmp_path):
    source = FAULTY.replace("header->to_chip_unicast(1);", "header->to_chip_unicast(2);")
    path = tmp_path / "far.hpp"
    path.write_text(source)
    mesh = open_mesh((1, 2), emu_cache)
    with pytest.raises(emu.KernelFault, match=r"leaves the mesh"):
        faulty_operation(path, 3, _other)(mesh.empty((32, 32)))


def test_a_receiver_waits_for_a_sender_on_another_chip(emu_cache, tmp_path):
    # Mode 3 increments semaphore 0 of the other chip 9 times; a second kernel waits for 9 on
    # its own chip: they meet only because both chips run in one run.
    path = tmp_path / "relay.hpp"
    path.write_text(RELAY)
    mesh = open_mesh((1, 2), emu_cache)
    result = relay_operation(path, lambda device: 3, _other)(mesh.empty((32, 32)))
    assert len(result.results) == 2


def test_a_deadlock_across_chips_names_each_blocked_kernels_device(emu_cache, tmp_path):
    path = tmp_path / "waiting.hpp"
    path.write_text(WAITING)
    mesh = open_mesh((1, 2), emu_cache)
    with pytest.raises(emu.DeadlockError) as caught:
        waiting_operation(path, "none", 1, _other)(mesh.empty((32, 32)))
    assert sorted(b.device for b in caught.value.blocked) == [0, 1]
    assert "device 1 core (0, 0)" in str(caught.value)


def test_two_d_routes_reach_the_diagonal_chip(emu_cache, tmp_path):
    # On a 2x2 mesh under FABRIC_2D each chip increments the semaphore of the chip diagonally
    # across (two hops: along its row, then its column) and waits for its own: every one is
    # reached, or the run deadlocks.
    path = tmp_path / "route2d.hpp"
    path.write_text(WAITING)
    mesh = open_mesh((2, 2), emu_cache, fabric="FABRIC_2D")
    result = waiting_operation(path, "increment_2d", 1, lambda c: (c[0], 1 - c[1]), lambda d: 3 - d)(
        mesh.empty((32, 32)))
    assert len(result.results) == 4

