"""A deadlock of a compiled operation on the emulated device names the blocked kernel, the
DFB on the circular buffer it waits for, and the Python line that made the DFB."""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

import ttlang.emu as emu
from program_files import load_module

HEADER = """
#pragma once
#include <cstdint>
// Declared to the compiler as wait(source, 2) + pop(source, 2), but waits for 3 pages: the
// compiler's balance proof holds, the kernel does not.
inline void drain_one_too_many(uint32_t source) {
  cb_wait_front(source, 3);
  cb_pop_front(source, 2);
}
"""

PROGRAM = """
import ttlang as ttl

HEADER = {header!r}


@ttl.operation(grid=(1, 1))
def lying_drain(inp):
    source = ttl.make_dataflow_buffer_like(inp, shape=(1, 2), block_count=2)
    with source.reserve() as blk:
        ttl.copy(inp[0:1, 0:2], blk).wait()
    ttl.call_extern_func(
        HEADER,
        "drain_one_too_many",
        func_args=[source],
        dfb_effects=[ttl.DFBEffect.wait(source, tiles=2), ttl.DFBEffect.pop(source, tiles=2)],
        kernel=ttl.KernelKind.COMPUTE,
    )
"""


def test_operation_deadlock_names_kernel_dfb_and_line(device, tmp_path):
    header = tmp_path / "drain.hpp"
    header.write_text(HEADER)
    program = tmp_path / "lying_drain.py"
    program.write_text(textwrap.dedent(PROGRAM.format(header=str(header))))
    op = load_module(program).lying_drain
    inp = device.tensor(np.ones((32, 64), np.float32), dtype="bfloat16")
    with pytest.raises(emu.DeadlockError) as failure:
        op(inp)
    (blocked,) = failure.value.blocked
    assert blocked.kernel == "compute"
    assert "cb_wait_front" in blocked.waits_for and "3 pages" in blocked.waits_for
    assert blocked.location == f"{program}:9"  # the make_dataflow_buffer_like line
    assert f"made at {program}:9" in str(failure.value)
