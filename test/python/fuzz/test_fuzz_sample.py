"""A fixed sample of the differential tests (run.py): random valid TT-Lang programs on the
emulated device within their numpy model's bound, one of every program kind. `make fuzz N=...`
runs the long draw."""

from __future__ import annotations

import pathlib
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import expressions  # noqa: E402
import programs  # noqa: E402
import run  # noqa: E402

SAMPLE = [(kind, 1) for kind in programs.KINDS]


@pytest.fixture(scope="module")
def device(session_dir):
    import ttlang.emu as emu

    return emu.open_device(cache_dir=session_dir("fuzz-cache"))


@pytest.mark.parametrize("kind, seed", SAMPLE, ids=[f"{k}-{s}" for k, s in SAMPLE])
def test_random_program_matches_its_model(device, tmp_path, kind, seed):
    program = programs.draw(seed, (kind,))
    assert program.kind == kind
    outcome = run.run_one(program, device, tmp_path)
    assert outcome.kind == "ok", outcome.detail


def test_the_bound_is_not_vacuous(device, tmp_path, monkeypatch):
    # With units far below the card's roundings the same programs miss their bound: the
    # comparison can fail.
    monkeypatch.setitem(programs.UNIT, "bfloat16", 2.0**-16)
    monkeypatch.setitem(programs.UNIT, "float32", 2.0**-40)
    monkeypatch.setattr(expressions, "LIBM", 2.0**-40)
    kinds = [run.run_one(programs.draw(seed, (kind,)), device, tmp_path).kind for kind, seed in SAMPLE]
    assert kinds.count("wrong") >= len(kinds) // 2, kinds


def test_draws_are_reproducible_and_varied():
    assert programs.draw(7).source == programs.draw(7).source
    drawn = [programs.draw(seed) for seed in range(400)]
    assert len({p.source for p in drawn}) == len(drawn)
    assert {p.kind for p in drawn} == set(programs.KINDS)
    text = "".join(p.source for p in drawn)
    constructs = [
        # element-wise math, every spelling of a scalar
        "ttl.math.max(", "ttl.math.min(", " * ", " + ", " - ", " / ", "ttl.math.relu(", "abs(", "(-x",
        "ttl.math.where(", "ttl.math.lt(", "ttl.math.eq(", "ttl.math.exp(", "ttl.math.sqrt(",
        "ttl.math.log(", "ttl.math.gelu(", "ttl.math.pow(", " ** 3", "SCALE0 = ", "def make(",
        "fp32_dest_acc_en=True", "fp32_dest_acc_en=False",
        # shapes: broadcast, transpose, fill, reductions
        "ttl.block.broadcast(", "ttl.math.broadcast(", "ttl.math.transpose(", "ttl.block.transpose(",
        "ttl.math.fill(", "ttl.block.fill(", "ttl.math.reduce_sum(", "ttl.math.reduce_max(",
        "dims=[0, 1]", "dims=[-1]", "s_dfb.wait() as s", "- ttl.block.broadcast(ttl.math.reduce_",
        # matmuls
        "acc += p @ q", "z += p @ q", "transpose_rhs=True", " + v))",
        # grids, buffers, reconfigures, external calls
        "grid=(3, 2)", "grid='auto'", "grid='full'", "block_count=3", "shape=(2, 2)", ".reconfigure(block_count=",
        "ttl.node(dims=1)", "ttl.math.matmul(p, q, z)", "min(first + ", "reader = ttl.Kernel(", "prev + p @ q",
        "ttl.call_extern_func(", '"fuzz_read"', '"fuzz_write"',
    ]
    missing = [c for c in constructs if c not in text]
    assert not missing, missing
    dtypes = {(t.dtype, p.output.dtype) for p in drawn for t in p.inputs_spec}
    memories = {t.memory for p in drawn for t in (*p.inputs_spec, p.output)}
    assert dtypes == {(a, b) for a in ("bfloat16", "float32") for b in ("bfloat16", "float32")}
    assert memories == {"dram", "l1"}
