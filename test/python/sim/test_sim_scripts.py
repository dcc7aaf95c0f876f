"""The script corpus (test/python/sim/scripts): tt-lang scripts in the style of tt-lang's
tutorials and examples, written here, run unchanged under ``ttlang-sim`` as a user runs them.
Each script checks its own numbers against torch or numpy and prints "<name>: ok"; a failed
check, an error or a wrong exit code fails the test.

The scripts use torch (their inputs, references, and ttnn's golden functions behind the ttnn
library operations they call). ``make setup`` installs it apart, into ``.venv/torch-site``
(requirements-torch.txt: ttnn imports torch whenever it can, which would cost every other test
process 2-3 s), and only these processes get it on their path."""

from __future__ import annotations

import importlib.util
import os
import pathlib
import subprocess

import pytest
from sim_harness import ROOT, sim_command, sim_env

SCRIPTS = pathlib.Path(__file__).resolve().parent / "scripts"
TORCH_SITE = ROOT / ".venv" / "torch-site"
# Script arguments, where a script takes some (they reach sys.argv as with tt-lang-sim).
ARGUMENTS = {"broadcast_columns.py": ["96"]}


def torch_env() -> dict[str, str]:
    env = sim_env()
    if importlib.util.find_spec("torch") is None:
        if not (TORCH_SITE / "torch").is_dir():
            pytest.fail(f"the script corpus needs torch: `make setup` installs it into {TORCH_SITE}")
        env["PYTHONPATH"] = os.pathsep.join([env["PYTHONPATH"], str(TORCH_SITE)])
    return env


@pytest.mark.parametrize("script", sorted(p.name for p in SCRIPTS.glob("*.py")))
def test_script_runs_unchanged_and_checks_its_numbers(script, session_dir):
    cache = session_dir("sim-scripts-cache")
    command = [*sim_command(), "--cache-dir", str(cache), str(SCRIPTS / script),
               *ARGUMENTS.get(script, [])]
    done = subprocess.run(command, capture_output=True, text=True, env=torch_env(), cwd=SCRIPTS,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    name = pathlib.Path(script).stem
    assert f"{name}" in done.stdout and ": ok" in done.stdout, done.stdout


def test_corpus_covers_the_script_surface():
    # What the corpus must exercise (issue 32): host tensors, ttnn creation and library ops,
    # torch and numpy inputs, element-wise math, broadcast, matmul with fill and accumulation.
    text = "\n".join(p.read_text() for p in SCRIPTS.glob("*.py"))
    for construct in ("ttnn.rand(", "ttnn.from_torch(np.", "torch.rand", "ttnn.matmul(",
                      "ttnn.multiply(", "ttnn.relu(", "ttl.block.broadcast(", "acc += ",
                      "ttl.block.fill(0", "sys.argv", "ttl.TILE_SHAPE", "f\"",
                      # tt-lang's pipe, sharding and 3-D examples (issue 34): a multicast down
                      # a grid column with ttl.node(dims=1), a height-sharded input read across
                      # cores, slices of several matrices with run-time row bounds.
                      "ttl.PipeNet(", "ttl.node(dims=1)", "ttnn.create_sharded_memory_config(",
                      "[b0:b1, r:r + 1, c:c + 1]",
                      # A 1-D pipe to nodes that are no rectangle of the grid, and a (1, 1)
                      # tensor's element broadcast over blocks (docs/emulator.md, "Tensors
                      # smaller than a tile").
                      "ttl.Pipe(0, (slice(1, NODES),))", "ttnn.rand((1, 1)",
                      "ttl.block.broadcast(cb, dims=[0, 1]"):
        assert construct in text, construct
