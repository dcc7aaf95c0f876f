"""A pipe receiver that is never sent to is a deadlock on the emulated device whose report
names the pipe (its source and destinations, and where its PipeNet was made)."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import ttlang.emu as emu
import pipe_programs as programs


def test_receiver_never_sent_to_names_the_pipe(device):
    inp = device.tensor(np.ones((32, 64), np.float32), dtype="bfloat16")
    with pytest.raises(emu.DeadlockError) as failure:
        programs.crossed_pipes(inp, device.empty((32, 64)))
    blocked = {b.core: b for b in failure.value.blocked}
    assert set(blocked) == {(0, 0), (1, 0)}
    source = inspect.getsourcefile(programs)
    lines = inspect.getsource(programs).splitlines()
    east = f"{source}:{lines.index(next(l for l in lines if l.startswith('EAST ='))) + 1}"
    west = f"{source}:{lines.index(next(l for l in lines if l.startswith('WEST ='))) + 1}"
    # Core (0, 0) waits for the block core (1, 0) never sends it, and the other way round.
    assert "noc_semaphore_wait" in blocked[(0, 0)].waits_for
    assert blocked[(0, 0)].pipe == f"its source, on pipe (1, 0) -> (0, 0) of the PipeNet made at {west}"
    assert blocked[(1, 0)].pipe == f"its source, on pipe (0, 0) -> (1, 0) of the PipeNet made at {east}"
    assert f"(for its source, on pipe (1, 0) -> (0, 0) of the PipeNet made at {west})" in str(failure.value)


def test_a_run_pipe_is_named_at_each_of_its_rectangles(device):
    """A 1-D pipe to nodes 1..3 of a 2 x 2 grid (two rectangles: (0, 1) and column 1) whose
    receivers are never sent to: each names the run pipe; its source names the pipe back."""
    inp = device.tensor(np.ones((32, 128), np.float32), dtype="bfloat16")
    with pytest.raises(emu.DeadlockError) as failure:
        programs.crossed_run(inp, device.empty((32, 128)))
    blocked = {b.core: b for b in failure.value.blocked}
    assert set(blocked) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    source = inspect.getsourcefile(programs)
    lines = inspect.getsource(programs).splitlines()
    run = f"{source}:{lines.index(next(l for l in lines if l.startswith('RUN ='))) + 1}"
    back = f"{source}:{lines.index(next(l for l in lines if l.startswith('BACK ='))) + 1}"
    for core in ((0, 1), (1, 0), (1, 1)):
        assert blocked[core].pipe == (
            f"its source, on pipe (0, 0) -> (0, 1) through (1, 1) of the PipeNet made at {run}"
        )
    assert blocked[(0, 0)].pipe == f"its source, on pipe (1, 1) -> (0, 0) of the PipeNet made at {back}"
