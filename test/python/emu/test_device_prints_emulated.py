"""Device prints (print() in a thread -> ttl.dprint -> DPRINT) on the emulated device: each
line reaches the script's standard output tagged with device, core and kernel, and a printed
block shows its DFB's values (checked against numpy), on the processor that reads that side."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from numerics import BF16
from program_files import load_module

HERE = pathlib.Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def programs():
    return load_module(HERE / "print_programs.py", "emu_print_programs")


def rows_of(lines, kernel, core):
    """The float rows a kernel on a core printed (lines of numbers only)."""
    rows = []
    for line in lines:
        if line.kernel == kernel and line.core == core:
            try:
                rows.append([float(v) for v in line.text.split()])
            except ValueError:
                continue
    return [r for r in rows if r]


@pytest.mark.parametrize("dtype", ["bfloat16", "float32"])
def test_prints_show_text_integers_and_block_values(device, rng, programs, capsys, dtype):
    storage = BF16 if dtype == "bfloat16" else np.float32
    a = rng.uniform(-4, 4, (32, 64)).astype(np.float32).astype(storage)
    out = device.empty((32, 64), dtype=dtype)
    programs.doubled_with_prints(device.tensor(a), out)
    lines = device.last_run.prints
    shown = capsys.readouterr().out.splitlines()
    # Every line reaches standard output, tagged.
    assert shown == [f"[device 0 core ({l.core[0]}, {l.core[1]}) {l.kernel}] {l.text}" for l in lines]
    texts = {(l.kernel, l.core): [] for l in lines}
    for line in lines:
        texts[(line.kernel, line.core)].append(line.text)
    for x in range(2):
        assert texts[("compute", (x, 0))][0] == f"core {x} of 2 {{braces}}"
        assert f"read tile {x}" in texts[("data_movement", (x, 0))]
        assert texts[("write", (x, 0))][-1] == ""  # print() is an empty line
        expected = (2 * a[:, 32 * x:32 * (x + 1)].astype(np.float32)).astype(storage).astype(np.float32)
        for kernel in ("compute", "write"):
            values = np.array(rows_of(lines, kernel, (x, 0)), dtype=np.float32).reshape(32, 32)
            np.testing.assert_array_equal(values, expected)


def test_compute_prints_run_on_the_processor_asked(device, rng, programs):
    a = rng.uniform(-1, 1, (32, 32)).astype(np.float32).astype(BF16)
    programs.prints_from_each_processor(device.tensor(a), device.empty((32, 32)))
    texts = [l.text for l in device.last_run.prints]
    # One line each (a plain DPRINT would run on all three TRISCs); the math processor
    # cannot read circular buffers, as on hardware.
    assert texts[:3] == ["unpack", "math", "pack"]
    assert texts[3:] == ["<TSLICE: the math processor cannot read circular buffers>"] * 32
