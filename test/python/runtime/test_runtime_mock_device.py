"""Device dispatch through ttnn.generic_op on tt-metal's mock Wormhole device (no hardware).

tt-metal runs its host side for real: program creation from our descriptors, its runtime-argument
and semaphore checks, and its program cache keyed by our custom_program_hash. Kernels are not
compiled (the mock compiler writes placeholder ELFs) and nothing executes.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import mock_ttnn_env  # noqa: E402  (test/python/mock_ttnn_env.py, shared with bench/)


@pytest.fixture(scope="module")
def mock_environment(tmp_path_factory, ttnn):
    if not mock_ttnn_env.WORMHOLE_CLUSTER.exists():
        pytest.skip(f"no mock cluster descriptor at {mock_ttnn_env.WORMHOLE_CLUSTER}")
    prepared = mock_ttnn_env.prepare(tmp_path_factory.mktemp("mock_device"))
    include = tmp_path_factory.mktemp("include")
    return prepared.env, include, prepared.workdir


@pytest.fixture(scope="module")
def mock_report(mock_environment):
    """Runs mock_device/dispatch_on_mock_device.py once on the mock device; its JSON report."""
    env, include, workdir = mock_environment
    script = HERE / "mock_device" / "dispatch_on_mock_device.py"
    done = subprocess.run([sys.executable, str(script), str(include)], env=env, capture_output=True, text=True,
                          timeout=600, cwd=workdir)
    lines = [line for line in done.stdout.splitlines() if line.startswith("REPORT ")]
    assert done.returncode == 0 and lines, done.stderr[-3000:]
    return json.loads(lines[0][len("REPORT "):])


def test_generic_op_and_program_cache_on_mock_device(mock_report):
    report = mock_report
    first, words, semaphore = report["first"], report["new words"], report["semaphore id 3"]
    assert not first["compile_only"] and not first["cache_hit"] and first["ttnn_cache_entries"] == 1
    # new words: our cache hits and ttnn reuses its compiled program (no new entry)
    assert words["cache_hit"] and words["ttnn_cache_entries"] == 1
    assert words["custom_hash"] == first["custom_hash"]
    # another semaphore id: ttnn's own hash cannot tell (it ignores ids), ours does, so ttnn
    # builds a second program instead of reusing the one for id 1
    assert semaphore["ttnn_own_hash"] == first["ttnn_own_hash"]
    assert semaphore["custom_hash"] != first["custom_hash"]
    assert not semaphore["cache_hit"] and semaphore["ttnn_cache_entries"] == 2
    # the device path resolves real buffer addresses into the common runtime args
    assert first["common_args"] == [first["input_address"]] and first["input_address"] > 0
    # specialized descriptors and caller-count groups: tt-metal accepts and caches them too
    assert report["specialized"] == {"descriptors": 3, "ttnn_cache_entries": 3}
    assert report["reconfiguring"] == {"descriptors": 3, "ttnn_cache_entries": 4}
    # the frontend-compiled spec collective, called as op(*device_tensors): dispatched (not
    # compile-only), one new ttnn program, a hit carrying the new words, real buffer addresses
    first, second = report["frontend collective"]
    assert not first["compile_only"] and not first["cache_hit"] and first["new_ttnn_cache_entries"] == 1
    assert second["cache_hit"] and second["new_ttnn_cache_entries"] == 1
    assert first["words_on_1_0"][1:] == [1] and second["words_on_1_0"][1:] == [41]
    assert first["common_args"] == first["addresses"] and all(a > 0 for a in first["addresses"])


def test_tensor_accessor_words_match_ttnn_on_mock_device(mock_report):
    """The compile-time TensorAccessorArgs words that the compiler records in the kernel ABI
    equal ttnn's TensorAccessorArgs(tensor).get_compile_time_args() for device tensors."""
    accessors = mock_report["tensor accessor words"]
    assert len(accessors) == 4
    for entry in accessors:
        assert entry["ttlang"] == entry["ttnn"], entry
