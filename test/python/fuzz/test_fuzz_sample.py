"""A fixed sample of the differential tests (run.py): random valid TT-Lang programs on the
emulated device within their numpy model's bound. `make fuzz N=...` runs the long draw."""

from __future__ import annotations

import pathlib
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import programs  # noqa: E402
import run  # noqa: E402

SEEDS = range(1, 13)


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    import ttlang.emu as emu

    return emu.open_device(cache_dir=tmp_path_factory.mktemp("fuzz-cache"))


@pytest.mark.parametrize("seed", SEEDS)
def test_random_program_matches_its_model(device, tmp_path, seed):
    outcome = run.run_one(programs.draw(seed), device, tmp_path)
    assert outcome.kind == "ok", outcome.detail


def test_the_bound_is_not_vacuous(device, tmp_path, monkeypatch):
    # With a unit far below the card's roundings the same programs miss their bound: the
    # comparison can fail.
    monkeypatch.setitem(programs.UNIT, "bfloat16", 2.0**-16)
    monkeypatch.setitem(programs.UNIT, "float32", 2.0**-40)
    kinds = [run.run_one(programs.draw(seed), device, tmp_path).kind for seed in SEEDS]
    assert kinds.count("wrong") >= len(kinds) // 2, kinds


def test_draws_are_reproducible_and_varied():
    assert programs.draw(7).source == programs.draw(7).source
    sources = {programs.draw(seed).source for seed in range(40)}
    assert len(sources) == 40
    text = "".join(sources)
    for construct in ("ttl.math.max(", "ttl.math.min(", " * ", " + ", " - ", "ttl.math.relu(", "abs(",
                      "grid=(3, 2)", "block_count=3", "shape=(2, 2)", "acc += p @ q",
                      "z += p @ q", "ttl.math.fill(z, 0)", "ttl.block.fill(0, shape=z.shape"):
        assert construct in text, construct
    dtypes = {programs.draw(seed).dtype for seed in range(40)}
    memories = {m for seed in range(40) for m in programs.draw(seed).memory}
    assert dtypes == {"bfloat16", "float32"} and memories == {"dram", "l1"}
