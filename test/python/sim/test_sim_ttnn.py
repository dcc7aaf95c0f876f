"""The ``ttnn`` scripts see inside ``ttlang-sim``: data in and out, host tensors, what it
refuses, and what it takes from the real ttnn. The runtime behind it keeps the real ttnn."""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest
from sim_harness import run_sim, sim_cache  # noqa: F401 - fixtures


def test_to_torch_returns_a_bfloat16_numpy_array_without_torch(run_sim):
    if importlib.util.find_spec("torch") is not None:
        pytest.skip("torch is installed: to_torch returns torch tensors")
    done = run_sim("""
        import numpy as np
        import ttnn

        device = ttnn.open_device(device_id=0)
        values = np.arange(32 * 64, dtype=np.float32).reshape(32, 64) / 8
        tensor = ttnn.from_torch(values, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
        result = ttnn.to_torch(tensor)
        print(type(result).__name__, result.dtype, result.shape, float(result[1, 2]))
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ndarray", "bfloat16", "(32,", "64)", "8.25"]


def test_host_tensors_move_to_the_device_and_back(run_sim):
    done = run_sim("""
        import json

        import numpy as np
        import ttnn

        device = ttnn.open_device(device_id=0)
        values = np.linspace(-2, 2, 32 * 32, dtype=np.float32).reshape(32, 32)
        host = ttnn.from_torch(values, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT)
        on_device = ttnn.to_device(host, device, memory_config=ttnn.L1_MEMORY_CONFIG)
        back = ttnn.from_device(on_device)
        print(json.dumps({
            "host_device": host.device() is None,
            "device": on_device.device() is device,
            "l1": on_device.memory_config() == ttnn.L1_MEMORY_CONFIG,
            "same": bool(np.array_equal(np.asarray(ttnn.to_torch(back)), values)),
        }))
    """)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"host_device": True, "device": True, "l1": True, "same": True}


def test_a_ttnn_library_operation_without_torch_names_the_missing_dependency(run_sim):
    # ttnn's golden functions are torch code: this test's interpreter has no torch.
    done = run_sim("""
        import ttnn
        from ttlang.emu import NotEmulatedError

        device = ttnn.open_device(device_id=0)
        a = ttnn.ones((32, 32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
        try:
            ttnn.multiply(a, a)
        except NotEmulatedError as error:
            print(error)
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ttnn.multiply runs on the host through ttnn's golden function, "
                                  "which needs torch")


def test_a_ttnn_function_without_a_golden_is_not_emulated(run_sim):
    done = run_sim("""
        import ttnn
        from ttlang.emu import NotEmulatedError

        device = ttnn.open_device(device_id=0)
        a = ttnn.ones((32, 32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
        for function in (ttnn.conv1d, ttnn.aggregate_tensor):
            try:
                function(a)
            except NotEmulatedError as error:
                print(error)
    """)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("ttnn.conv1d is a TTNN library operation without a golden")
    assert lines[1].startswith("ttnn.aggregate_tensor is not emulated for tensors")


def test_other_attributes_come_from_the_real_ttnn(run_sim):
    done = run_sim("""
        import ttnn

        core = ttnn.CoreCoord(1, 2)
        print(type(core).__module__.split(".")[0], core.x, core.y)
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ttnn", "1", "2"]


def test_the_runtime_gets_the_real_ttnn_behind_the_stand_in():
    from ttlang.runtime import _ttnn
    from ttlang.sim import ttnn_api

    _ttnn.shadow(ttnn_api)
    try:
        real = _ttnn.ttnn()
        assert sys.modules["ttnn"] is ttnn_api
        assert real is not ttnn_api and real.__name__ == "ttnn"
        assert hasattr(real, "ProgramDescriptor")
        assert _ttnn.loaded() is real
    finally:
        _ttnn.unshadow()
    assert sys.modules["ttnn"] is real


def test_an_operation_on_host_tensors_runs_on_the_device_and_writes_back(run_sim):
    # Issue 32: 13 upstream examples call operations on host tensors (ttnn.from_torch without
    # device=, ttnn.empty / ttnn.rand without a device), which tt-lang-sim runs.
    done = run_sim("""
        import json

        import numpy as np
        import ttl
        import ttnn

        @ttl.operation(grid=(1, 1))
        def scale_add(a, b, out):
            a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
            b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
            o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

            @ttl.compute()
            def compute():
                for _ in range(2):
                    with a_dfb.wait() as x, b_dfb.wait() as y, o_dfb.reserve() as z:
                        z.store(x * 2.0 + y)

            @ttl.datamovement()
            def read():
                for c in range(2):
                    with a_dfb.reserve() as x, b_dfb.reserve() as y:
                        tx = ttl.copy(a[0, c], x)
                        ty = ttl.copy(b[0, c], y)
                        tx.wait()
                        ty.wait()

            @ttl.datamovement()
            def write():
                for c in range(2):
                    with o_dfb.wait() as z:
                        ttl.copy(z, out[0, c]).wait()

        rng = np.random.default_rng(7)
        values = rng.uniform(-1, 1, (32, 64)).astype(np.float32)
        a = ttnn.from_torch(values, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT)
        b = ttnn.rand((32, 64), dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, seed=3)
        out = ttnn.empty((32, 64), dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT)
        scale_add(a, b, out)
        got = np.asarray(ttnn.to_torch(out), dtype=np.float32)
        want = values * 2 + np.asarray(ttnn.to_torch(b), dtype=np.float32)
        print(json.dumps({"host": out.device() is None, "max_error": float(np.abs(got - want).max()),
                          "input_kept": bool(np.array_equal(np.asarray(ttnn.to_torch(a)), values))}))
    """)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["host"] and result["input_kept"]
    # float32 throughout: x * 2 is exact, then one rounding of a sum below 4.
    assert result["max_error"] <= 1e-6
