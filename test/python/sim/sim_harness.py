"""Fixtures of the simulator tests: ``ttlang-sim`` run as a subprocess on scripts written to a
temporary folder, with a kernel build cache shared by the test session.

Test modules import the fixtures from here (not a conftest.py: test/python/runtime's tests
import helpers from their conftest module by name, and a second conftest could shadow it)."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import textwrap
from collections.abc import Callable

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
LAUNCHER = pathlib.Path(sys.executable).parent / "ttlang-sim"


def sim_command() -> list[str]:
    """The installed console script when there is one (make setup / pip install), else the
    same program through ``python -m``."""
    return [str(LAUNCHER)] if LAUNCHER.exists() else [sys.executable, "-m", "ttlang.sim"]


def sim_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "python"), env.get("PYTHONPATH")]))
    return env


@pytest.fixture(scope="session")
def sim_cache(session_dir) -> pathlib.Path:
    return session_dir("sim-kernel-cache")


Run = Callable[..., subprocess.CompletedProcess]


@pytest.fixture
def run_sim(tmp_path, sim_cache) -> Run:
    """``run_sim(source, *script_args, options=(...))`` writes ``source`` to a script and runs
    ``ttlang-sim --cache-dir <session cache> [options] script [script_args]``."""

    def run(source: str, *script_args: str, options: tuple[str, ...] = (), name: str = "program.py",
            cache: pathlib.Path | None = None) -> subprocess.CompletedProcess:
        script = tmp_path / name
        script.write_text(textwrap.dedent(source))
        command = [*sim_command(), "--cache-dir", str(cache or sim_cache), *options, str(script),
                   *script_args]
        return subprocess.run(command, capture_output=True, text=True, env=sim_env(), cwd=tmp_path,
                              timeout=300)

    return run
