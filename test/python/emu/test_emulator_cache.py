"""The disk cache of kernel host builds: a second process reuses the objects the first one
built, and processes sharing an empty cache folder at once both succeed."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]

PROGRAM = """
import sys, numpy as np, ml_dtypes
sys.path.insert(0, {examples!r})
import ttlang.emu as emu
from program_files import load_module
import pathlib
example = load_module(pathlib.Path({examples!r}) / "tile_add_unified.py")
device = emu.open_device(cache_dir=sys.argv[1])
a = device.tensor(np.full((64, 64), 1.5, ml_dtypes.bfloat16))
out = device.empty((64, 64))
example.tile_add(a, a, out)
assert (out.to_numpy().astype(np.float32) == 3.0).all()
print("ok")
"""


def _run(script: pathlib.Path, cache: pathlib.Path) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=f"{ROOT / 'python'}:{ROOT / 'test' / 'python'}")
    return subprocess.Popen([sys.executable, str(script), str(cache)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def _write_script(tmp_path: pathlib.Path) -> pathlib.Path:
    script = tmp_path / "run_add.py"
    script.write_text(PROGRAM.format(examples=str(ROOT / "examples")).replace(
        "sys.path.insert(0, " + repr(str(ROOT / "examples")) + ")",
        "sys.path.insert(0, " + repr(str(ROOT / "test" / "python")) + ")"))
    return script


def _objects(cache: pathlib.Path) -> dict[str, int]:
    return {p.name: p.stat().st_mtime_ns for p in cache.glob("*.so")}


def test_a_second_process_does_not_recompile(tmp_path):
    script, cache = _write_script(tmp_path), tmp_path / "cache"
    first = _run(script, cache)
    out, err = first.communicate()
    assert first.returncode == 0, err
    built = _objects(cache)
    assert len(built) >= 2  # the distinct kernels of the add (identical sources share one)
    second = _run(script, cache)
    out, err = second.communicate()
    assert second.returncode == 0, err
    assert _objects(cache) == built  # nothing rebuilt, nothing added


def test_processes_sharing_an_empty_cache_both_succeed(tmp_path):
    script, cache = _write_script(tmp_path), tmp_path / "cache"
    runs = [_run(script, cache) for _ in range(2)]
    for run in runs:
        out, err = run.communicate()
        assert run.returncode == 0, err
        assert out.strip() == "ok"
    assert len(_objects(cache)) >= 2
    assert not list(cache.glob("*.tmp"))


def _damage(library: pathlib.Path, how: str) -> None:
    data = library.read_bytes()
    library.write_bytes({"truncated": data[: len(data) // 2], "empty": b"",
                         "garbage": b"\x7fELF" + bytes(len(data) - 4)}[how])


@pytest.mark.parametrize("how", ["truncated", "empty", "garbage"])
def test_a_damaged_object_is_rebuilt_not_loaded(tmp_path, how):
    # Issue 33: a truncated object killed the next process (SIGBUS), an empty one failed
    # every later run. Each damage is a miss: the next process rebuilds and computes right.
    script, cache = _write_script(tmp_path), tmp_path / "cache"
    first = _run(script, cache)
    err = first.communicate()[1]
    assert first.returncode == 0, err
    for library in cache.glob("*.so"):
        _damage(library, how)
    damaged = {p.name: p.read_bytes() for p in cache.glob("*.so")}
    second = _run(script, cache)
    out, err = second.communicate()
    assert second.returncode == 0, err
    assert out.strip() == "ok"
    assert all(p.read_bytes() != damaged[p.name] for p in cache.glob("*.so"))


def test_a_cache_dir_that_is_a_file_is_a_typed_error(tmp_path):
    import numpy as np

    import ttlang.emu as emu
    from program_files import load_module

    not_a_directory = tmp_path / "cache"
    not_a_directory.write_text("")
    example = load_module(ROOT / "examples" / "tile_add_unified.py", "cache_file_add")
    device = emu.open_device(cache_dir=not_a_directory)
    a = device.tensor(np.ones((64, 64), np.float32))
    with pytest.raises(emu.KernelCacheError) as info:
        example.tile_add(a, a, device.empty((64, 64), dtype="float32"))
    assert str(not_a_directory) in str(info.value)
