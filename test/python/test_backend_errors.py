"""Backend errors reach the user at their Python line, and a failed lowering leaves the
thread's context and parsed pipelines usable."""

from __future__ import annotations

import inspect

import pytest

import backend_programs
import ttlang as ttl
from backend_programs import first_column_reads, math_on_reserved_block
from ttlang.errors import CompilerError

SPEC = ttl.TensorSpec((32, 32))


def _line_of(text: str) -> int:
    lines = inspect.getsource(backend_programs).splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def test_tile_math_on_a_reserved_block_is_reported_at_the_store():
    with pytest.raises(CompilerError) as info:
        math_on_reserved_block.compile(SPEC, SPEC)
    error = info.value
    assert error.message.startswith("tile math reads a block that is not from ttl.wait")
    assert error.file.endswith("backend_programs.py")
    assert error.line == _line_of("o.store(ttl.math.exp(r))")
    reserve_line = _line_of("with a_dfb.reserve() as r, out_dfb.reserve() as o:")
    assert any(note.endswith("this block") and f":{reserve_line}: " in note for note in error.notes)


def test_compiling_after_a_failed_lowering_works():
    with pytest.raises(CompilerError):
        math_on_reserved_block.compile(SPEC, SPEC)
    spec = ttl.TensorSpec((32, 96))
    compiled = first_column_reads.compile(spec, spec)
    assert len(compiled.descriptors) == 4
