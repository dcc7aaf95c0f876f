"""examples/runtime_collective.py runs and shows one compile, one cache hit with new words."""

from __future__ import annotations

import pathlib
import runpy


def test_collective_example(capsys):
    path = pathlib.Path(__file__).resolve().parents[3] / "examples" / "runtime_collective.py"
    runpy.run_path(str(path), run_name="__main__")
    out = capsys.readouterr().out
    assert "cache miss\n" in out and "cache hit\n" in out
    assert "core (1, 0): [1, 41]" in out  # the hit carries the second call's words
    assert "cache: 1 hits, 2 misses" in out
    assert "link 2: FabricBindingError" in out
