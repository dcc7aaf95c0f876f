"""The disk cache of kernel host builds: a second process reuses the objects the first one
built, and processes sharing an empty cache folder at once both succeed."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

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
