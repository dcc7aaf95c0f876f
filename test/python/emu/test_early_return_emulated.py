"""tt-lang's early-return guard (`if not active: return` at a thread's top level), f-strings of
runtime integers in device prints, and slice() tile bounds, as tt-lang's pipe examples write
them: compiled and run on the emulated device, against numpy."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from numerics import BF16
from program_files import load_module

import ttlang as ttl

HERE = pathlib.Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def programs():
    return load_module(HERE / "guard_programs.py", "emu_guard_programs")


# With 3 columns core 3 alone returns early: ttl-specialize-cores folds its column to 3, and the
# copy of column 3 in the branch that core never runs must be folded away with the branch.
@pytest.mark.parametrize("cols", [1, 2, 3])
def test_idle_cores_return_early_and_active_ones_compute(device, rng, programs, capsys, cols):
    a = rng.uniform(-4, 4, (64, 32 * cols)).astype(BF16)
    out = device.empty(a.shape, dtype="bfloat16")
    programs.double_first_columns(device.tensor(a), out)
    np.testing.assert_array_equal(out.to_numpy().astype(np.float32), a.astype(np.float32) * 2)
    lines = [line.text for line in device.last_run.prints]
    for col in range(cols):
        assert f"core {col}: row=0 {{done}}" in lines and f"core {col}: row=1 {{done}}" in lines
    for col in range(cols, 4):
        assert f"core {col}: no column" in lines


def test_a_return_inside_a_loop_is_still_an_error():
    @ttl.operation(grid=(1, 1))
    def bad(a, out):
        a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)

        @ttl.datamovement()
        def read():
            for r in range(2):
                if r == 1:
                    return
                with a_dfb.reserve() as blk:
                    ttl.copy(a[r, 0], blk).wait()

        @ttl.compute()
        def compute():
            for r in range(2):
                with a_dfb.wait() as x:
                    pass

    with pytest.raises(ttl.FrontendError, match="'return' is only allowed as the last statement"):
        bad.compile(ttl.TensorSpec((64, 32)), ttl.TensorSpec((64, 32)))
