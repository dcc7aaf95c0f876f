"""The spec's make_collective (examples/runtime_collective.py) in compile-only dispatch: one
compile, a cache hit that carries new runtime words, and misses for a changed definition and a
longer runtime-arg vector; the factory's result is never cached and its owners are retained."""

from __future__ import annotations

import dataclasses
import pathlib

import pytest
from program_files import load_module

import ttlang as ttl

EXAMPLE = pathlib.Path(__file__).resolve().parents[3] / "examples" / "runtime_collective.py"


@pytest.fixture
def example():
    return load_module(EXAMPLE, "runtime_collective_example")


def test_spec_collective_compiles_once_and_hits_with_new_words(example, monkeypatch):
    collective, owner = example.collective, example.RUNTIME_OWNER
    compiles = []
    real = collective.compile
    monkeypatch.setattr(collective, "compile", lambda *a, **k: compiles.append(a) or real(*a, **k))
    first = collective(example.INPUT, example.OUTPUT, device=None)
    owner.sequence = 40
    second = collective(example.INPUT, example.OUTPUT, device=None)
    assert first.compile_only and second.compile_only
    assert (first.cache_hit, second.cache_hit) == (False, True)
    assert len(compiles) == 1
    assert second.program is not first.program and second.program_hash == first.program_hash
    sid = collective.runtime(example.INPUT, example.OUTPUT).first_free_semaphore_id
    assert list(first.program.kernels[0].runtime_args[1][0]) == [sid, 1], "the spec's words"
    assert list(second.program.kernels[0].runtime_args[0][0]) == [sid, 40]
    assert list(second.program.kernels[0].runtime_args[1][0]) == [sid, 41]
    assert list(first.program.kernels[0].runtime_args[1][0]) == [sid, 1], "earlier programs keep their words"
    assert [s.id for s in second.program.semaphores] == [sid]
    assert list(second.program.kernels[0].defines) == [("FABRIC_2D", "1")]
    assert collective.runtime(example.INPUT, example.OUTPUT).retained_owners[0] is owner
    assert second.descriptor_kernels[0].name == "sender"


@pytest.mark.parametrize(
    "change",
    [
        lambda e: dataclasses.replace(e, defines=(ttl.KernelDefine("FABRIC_2D", "0"),)),
        lambda e: dataclasses.replace(e, runtime_args=(
            e.runtime_args[0], ttl.CoreRuntimeArgs(e.runtime_args[1].core, e.runtime_args[1].values + (7,)))),
    ],
    ids=["define", "vector length"],
)
def test_changing_structure_misses(example, change):
    collective = example.collective
    base = collective(example.INPUT, example.OUTPUT, device=None)
    changed = collective.runtime(example.INPUT, example.OUTPUT).run(
        (example.INPUT, example.OUTPUT), runtime_resource_factory=example.variant(change))
    assert not changed.cache_hit and changed.program_hash != base.program_hash


def test_example_prints_program_and_cache_behaviour(example, capsys):
    example.main()
    out = capsys.readouterr().out
    assert "collective_sender(" in out
    assert "cache miss\n" in out and "cache hit\n" in out
    assert "core (1, 0): [0, 41]" in out
    assert "program cache: 1 hit(s), 3 miss(es)" in out
    assert "same program: True" in out
