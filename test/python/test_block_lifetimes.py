"""Blocks of one DFB are held one at a time per side, and never used after their release
(ttl-verify-block-lifetimes): both are compile errors at the user's line. TT-Metal's
cb_reserve_back / cb_wait_front move no pointer, so a second block would alias the first, and a
released block's slot belongs to the other side again."""

from __future__ import annotations

import pathlib

import pytest
from error_markers import marker_line

import block_programs as programs
import ttlang as ttl

SPEC = ttl.TensorSpec((64, 64))
SOURCE = pathlib.Path(programs.__file__)


def _error(op) -> ttl.CompilerError:
    with pytest.raises(ttl.CompilerError) as info:
        op.compile(SPEC, SPEC)
    error = info.value
    assert error.file == str(SOURCE)
    return error


def _at(case: str) -> str:
    return f"{SOURCE}:{marker_line(SOURCE, case)}"


def test_two_reserves_in_one_with_are_rejected_at_the_second():
    error = _error(programs.two_reserves_in_one_with)
    line = marker_line(SOURCE, "two_reserves_in_one_with")
    assert (error.line, error.col) == (line, 28)  # the second d.reserve()
    assert error.message.startswith(
        f"DFB created at {_at('two_reserves_dfb')} already has a reserved block: the block "
        f"reserved at {_at('two_reserves_in_one_with')} is held until the end of its 'with', and a "
        "second block is reserved here"
    )
    assert "push the first block before reserving another, or use a second DFB" in error.message
    assert error.notes == (f"{_at('two_reserves_in_one_with')}: the held block is reserved here",)


def test_two_waits_in_one_with_are_rejected():
    error = _error(programs.two_waits_in_one_with)
    assert error.line == marker_line(SOURCE, "two_waits_in_one_with")
    assert "already has a waited-for block" in error.message
    assert "cb_wait_front moves no pointer" in error.message


def test_explicitly_held_blocks_name_the_release():
    error = _error(programs.two_explicit_reserves)
    assert error.line == marker_line(SOURCE, "second_explicit_reserve")
    assert (
        f"the block reserved at {_at('first_explicit_reserve')} is held until its push at "
        f"{_at('explicit_push')}"
    ) in error.message


def test_math_on_a_block_after_its_with_is_rejected():
    error = _error(programs.math_after_with)
    assert error.line == marker_line(SOURCE, "math_after_with")
    assert error.message == (
        f"block used after its release: the block waited for at {_at('with_wait')} was popped at "
        "the end of its 'with', which hands its L1 slot back to the other side of the DFB; use a "
        "block before its pop (inside its 'with')"
    )
    assert error.notes == (f"{_at('with_wait')}: popped here",)


def test_copy_after_an_explicit_pop_is_rejected():
    error = _error(programs.copy_after_pop)
    assert error.line == marker_line(SOURCE, "copy_after_pop")
    assert f"was popped at {_at('explicit_pop')}" in error.message


def test_both_sides_of_a_one_block_dfb_held_at_once_are_a_deadlock_rejected():
    # The fuzzer's finding (issue 33): the reserve waits for the slot the waited block holds
    # until its pop, after the reserve; it compiled and deadlocked on the emulated device.
    error = _error(programs.both_sides_of_a_one_block_dfb)
    assert error.line == marker_line(SOURCE, "both_sides_of_one_block")
    assert error.message.startswith(
        f"DFB created at {_at('one_block_dfb')} has block_count=1 and its one block is waited "
        f"for at {_at('both_sides_of_one_block')} and still held: reserving a block of it here "
        "waits for that slot"
    )
    assert "give the DFB block_count=2" in error.message
