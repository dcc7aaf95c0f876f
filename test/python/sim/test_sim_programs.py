"""tt-lang programs, driver included, run through ``ttlang-sim``: the numbers, the imports
and the spec's rule on runtime resource factories."""

from __future__ import annotations

import json

import ml_dtypes
import numpy as np
from sim_harness import run_sim, sim_cache  # noqa: F401 - fixtures
from sim_programs import EltwiseAdd, TileTensors, tile_copy

DRIVER = '''
import sys

import numpy as np
import ttnn

a_path, b_path, out_path = sys.argv[1:]
device = ttnn.open_device(device_id=0)
a = ttnn.from_torch(np.load(a_path), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                    memory_config=ttnn.DRAM_MEMORY_CONFIG)
b = ttnn.from_torch(np.load(b_path), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                    memory_config=ttnn.DRAM_MEMORY_CONFIG)
out = ttnn.empty((256, 256), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                 memory_config=ttnn.L1_MEMORY_CONFIG)
eltwise_add(a, b, out)
result = ttnn.to_torch(out)
result = result.float().numpy() if hasattr(result, "float") else result.astype(np.float32)
np.save(out_path, result)
ttnn.close_device(device)
'''


def test_eltwise_add_script_is_bit_exact_with_numpy(run_sim, tmp_path):
    rng = np.random.default_rng(20261201)
    a, b = (rng.uniform(-4, 4, (256, 256)).astype(ml_dtypes.bfloat16) for _ in range(2))
    np.save(tmp_path / "a.npy", a.astype(np.float32))
    np.save(tmp_path / "b.npy", b.astype(np.float32))

    done = run_sim(EltwiseAdd + DRIVER, str(tmp_path / "a.npy"), str(tmp_path / "b.npy"),
                   str(tmp_path / "out.npy"))

    assert done.returncode == 0, done.stderr
    got = np.load(tmp_path / "out.npy").astype(ml_dtypes.bfloat16)
    expected = (a.astype(np.float32) + b.astype(np.float32)).astype(ml_dtypes.bfloat16)
    assert np.array_equal(got.view(np.uint16), expected.view(np.uint16))


def test_import_ttl_gives_ttlang(run_sim):
    done = run_sim("""
        import ttl
        import ttlang
        print(ttl is ttlang, ttl.operation is ttlang.operation)
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]


def test_real_ttnn_is_imported_only_by_the_first_operation_call(run_sim):
    done = run_sim(tile_copy() + TileTensors + """
import json
import sys

before = "ttnn._ttnn" in sys.modules  # the real package's extension
tile_copy(a, out)
after = "ttnn._ttnn" in sys.modules
print(json.dumps({"before": before, "after": after, "stand_in_kept": sys.modules["ttnn"] is ttnn,
                  "copied": float(ttnn.to_torch(out)[31, 31])}))
""")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"before": False, "after": True, "stand_in_kept": True,
                                       "copied": 1.5}


def test_runtime_resource_factory_is_rejected_before_it_runs(run_sim):
    done = run_sim("""
import ttl
calls = []


def make_resources(*, tensors, core_ranges, first_free_semaphore_id):
    calls.append(1)
    return ttl.ProgramRuntimeResources()
""" + tile_copy("make_resources") + TileTensors + """
import json
import ttlang.sim

try:
    tile_copy(a, out)
    outcome = {"raised": None}
except ttlang.sim.RuntimeResourcesRejected as error:
    outcome = {"raised": type(error).__name__, "simulator_error": isinstance(error, ttlang.sim.SimulatorError),
               "operation": error.operation, "message": str(error)}
outcome["factory_calls"] = len(calls)
print(json.dumps(outcome))
""")
    assert done.returncode == 0, done.stderr
    outcome = json.loads(done.stdout)
    assert outcome["raised"] == "RuntimeResourcesRejected"
    assert outcome["simulator_error"] and outcome["operation"] == "tile_copy"
    assert outcome["factory_calls"] == 0
    assert "rejects runtime_resource_factory" in outcome["message"]
    assert "ttlang.emu.open_device()" in outcome["message"]  # the path that runs factories


UPSAMPLE = '''
import sys

import numpy as np
import ttl
import ttnn


@ttl.operation(grid=(1, 1))
def upsample(images, out, factors):
    n_images, height, width, channels = images.shape
    pixel_dfb = ttl.make_dataflow_buffer_like(images, shape=(channels,), buffer_factor=2)

    @ttl.compute()
    def idle():
        pass

    @ttl.datamovement()
    def load():
        for n in range(n_images):
            for h in range(height):
                for w in range(width):
                    with pixel_dfb.reserve() as pixel:
                        ttl.copy(images[n, h, w, :], pixel).wait()

    @ttl.datamovement()
    def store():
        for n in range(n_images):
            for h in range(height):
                for w in range(width):
                    with pixel_dfb.wait() as pixel:
                        group = ttl.GroupTransfer()
                        for i in range(factors[0]):
                            for j in range(factors[1]):
                                group.add(ttl.copy(pixel, out[n, h * factors[0] + i, w * factors[1] + j, :]))
                        group.wait_all()


x = np.load(sys.argv[1])
factors = (2, 3)
images = ttnn.from_torch(x, layout=ttnn.ROW_MAJOR_LAYOUT)
n, h, w, c = x.shape
out = ttnn.from_torch(np.zeros((n, h * factors[0], w * factors[1], c), np.float32),
                      layout=ttnn.ROW_MAJOR_LAYOUT)
upsample(images, out, factors)
result = ttnn.to_torch(out)
np.save(sys.argv[2], np.asarray(result, dtype=np.float32))
'''


def test_row_major_host_tensors_upsample_like_tt_langs_group_transfer_example(run_sim, tmp_path):
    # tt-lang's GroupTransfer upsample, in its style: row-major host tensors (no device), a DFB
    # of one pixel (shape=(C,), buffer_factor=), a tuple parameter; the copies are exact.
    rng = np.random.default_rng(20261207)
    x = rng.standard_normal((1, 2, 3, 40)).astype(np.float32)
    np.save(tmp_path / "x.npy", x)
    done = run_sim(UPSAMPLE, str(tmp_path / "x.npy"), str(tmp_path / "out.npy"))
    assert done.returncode == 0, done.stderr
    assert np.array_equal(np.load(tmp_path / "out.npy"), x.repeat(2, axis=1).repeat(3, axis=2))
