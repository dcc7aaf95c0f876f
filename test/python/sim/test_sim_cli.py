"""The ``ttlang-sim`` command: options, how the script runs, exit status and error reports."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from sim_harness import LAUNCHER, ROOT, run_sim, sim_cache, sim_command, sim_env  # noqa: F401 - fixtures
from sim_programs import TileTensors, tile_copy


def _sim(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*sim_command(), *args], capture_output=True, text=True, env=sim_env(),
                          timeout=120)


def test_help_describes_the_command_and_its_options():
    done = _sim("--help")
    assert done.returncode == 0
    assert done.stdout.startswith("usage: ttlang-sim script.py [--arch ARCH] [--cache-dir DIR]")
    for option in ("--arch {wormhole_b0,blackhole}", "--cache-dir DIR", "--version", "--num-devices N",
                   "--no-float32-promotion"):
        assert option in done.stdout


def test_version_prints_the_package_version():
    import ttlang

    done = _sim("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"ttlang-sim {ttlang.__version__}"


def test_the_venv_has_the_ttlang_sim_launcher():
    if sys.prefix == sys.base_prefix:
        pytest.skip("not running in a virtual environment (make setup writes .venv/bin/ttlang-sim)")
    done = subprocess.run([str(LAUNCHER), "--version"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("ttlang-sim ")


def test_the_script_runs_as_main_with_its_arguments_and_folder(run_sim, tmp_path):
    (tmp_path / "helper_module.py").write_text("VALUE = 7\n")
    done = run_sim("""
        import json
        import sys

        import helper_module

        print(json.dumps({"name": __name__, "argv": sys.argv[1:], "path0": sys.path[0],
                          "helper": helper_module.VALUE}))
    """, "one", "--", "--arch", "x")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"name": "__main__", "argv": ["one", "--arch", "x"],
                                       "path0": str(tmp_path.resolve()), "helper": 7}


ARGV = "import json, sys\nprint(json.dumps(sys.argv[1:]))\n"


@pytest.mark.parametrize(
    "before, after, script_args",
    [
        # tt-lang-sim's order: the script first, simulator options among its arguments up to `--`.
        ([], ["a", "--no-float32-promotion", "b", "--num-devices", "1", "--", "--grid", "4,4"],
         ["a", "b", "--grid", "4,4"]),
        ([], ["--arch=wormhole_b0", "--cache-dir", "{cache}", "c"], ["c"]),
        # ttlang's order: options, the script, then its arguments (its own options too).
        (["--no-float32-promotion", "--arch", "wormhole_b0"], ["x", "--flag"], ["x", "--flag"]),
    ],
    ids=["upstream-order", "upstream-values", "ttlang-order"],
)
def test_both_argument_orders_give_the_script_its_arguments(tmp_path, sim_cache, before, after, script_args):
    script = tmp_path / "args.py"
    script.write_text(ARGV)
    after = [a.replace("{cache}", str(sim_cache)) for a in after]
    done = _sim(*before, str(script), *after)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == script_args


@pytest.mark.parametrize(
    "option, why",
    [
        (["--grid", "9,4"], "wormhole_b0 has 8 rows and 8 columns of worker cores"),
        (["--grid", "4x4"], "expected ROWS,COLS"),
        (["--trace-events", "dfb"], "choosing kinds is not supported"),
        (["--no-trace-events", "dfb"], "leaving kinds out is not supported"),
        (["--trace", "/no/such/dir/out.json"], "no such directory to write the trace to"),
        (["--dry-run"], "there is no dry run"),
        (["--max-l1", "1000"], "another limit is not supported"),
        (["--max-dfbs", "8"], "another limit is not supported"),
        (["--scheduler", "greedy"], "tt-lang-sim's schedulers do not apply"),
        (["--num-devices", "64"], "between 1 and 32 emulated devices"),
    ],
)
def test_a_tt_lang_sim_option_that_does_not_apply_is_an_error_never_ignored(tmp_path, option, why):
    # Issue 32: `ttlang-sim add.py --trace --grid 4,4` exited 0 having ignored both (both are
    # supported now: test/python/emu/test_trace_emulated.py, and --grid below).
    script = tmp_path / "args.py"
    script.write_text(ARGV)
    done = _sim(str(script), *option)
    assert done.returncode == 2
    assert done.stdout == ""  # the script did not run
    assert f"ttlang-sim: error: {option[0]}" in done.stderr and why in done.stderr


def test_an_uncaught_exception_prints_the_scripts_traceback_and_exits_1(run_sim, tmp_path):
    done = run_sim("""
        def check(value):
            raise ValueError(f"bad value {value}")

        check(3)
    """)
    assert done.returncode == 1
    script = tmp_path / "program.py"
    assert done.stderr.startswith("Traceback (most recent call last):\n")
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', done.stderr)
    assert frames == [(str(script), "5", "<module>"), (str(script), "3", "check")]
    assert done.stderr.rstrip().endswith("ValueError: bad value 3")


def test_sys_exit_sets_the_exit_status(run_sim):
    done = run_sim("import sys\nsys.exit(3)\n")
    assert done.returncode == 3 and done.stderr == ""


def test_an_emulator_error_prints_its_message_and_the_script_line(run_sim):
    done = run_sim("""
        import numpy as np
        import ttnn

        device = ttnn.open_device(device_id=0)
        tensor = ttnn.from_torch(np.ones((32, 32), np.float32), dtype=ttnn.bfloat8_b, device=device)
    """)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert lines[0].startswith('ttlang-sim: File "') and lines[0].endswith('program.py", line 6, in <module>')
    assert lines[2].startswith("NotEmulatedError: DataType.BFLOAT8_B tensors are not emulated")


def test_arch_option_opens_a_blackhole_device(run_sim):
    done = run_sim("""
        import ttnn

        device = ttnn.open_device(device_id=0)
        grid = device.compute_with_storage_grid_size()
        print(device.arch(), grid.x, grid.y)
    """, options=("--arch", "blackhole"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["blackhole", "13", "10"]


GRID_PROGRAM = """
    import numpy as np
    import ttnn
    import ttlang as ttl

    @ttl.operation(grid="full")
    def stamp(x, out):
        # Every core copies x's tile into out's tile column of its node index: the nonzero
        # columns count the cores the operation ran on.
        x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=2)
        o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

        @ttl.datamovement()
        def reader():
            with x_dfb.reserve() as blk:
                ttl.copy(x[0, 0], blk).wait()

        @ttl.compute()
        def compute():
            with x_dfb.wait() as a, o_dfb.reserve() as o:
                o.store(a)

        @ttl.datamovement()
        def writer():
            node = ttl.node(dims=1)
            with o_dfb.wait() as blk:
                ttl.copy(blk, out[0, node]).wait()

    device = ttnn.open_device(device_id=0)
    x = ttnn.from_torch(np.ones((32, 32), np.float32), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                        device=device)
    out = ttnn.from_torch(np.zeros((32, 32 * 64), np.float32), dtype=ttnn.bfloat16,
                          layout=ttnn.TILE_LAYOUT, device=device)
    stamp(x, out)
    written = (ttnn.to_torch(out).reshape(32, 64, 32)[0, :, 0] != 0).sum()
    print(int(written))
"""


@pytest.mark.parametrize("grid, cores", [(None, 64), ("2,3", 6), ("1,1", 1)])
def test_grid_option_sets_the_grid_of_full_grid_operations(run_sim, grid, cores):
    # tt-lang-sim's --grid ROWS,COLS: the default grid of grid="full" / "auto" operations.
    done = run_sim(GRID_PROGRAM, options=("--grid", grid) if grid else ())
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(cores)]


def test_grid_option_is_rows_then_columns(tmp_path):
    # Blackhole has 10 rows and 13 columns of workers: 2 rows of 11 fit, 11 rows of 2 do not.
    script = tmp_path / "args.py"
    script.write_text(ARGV)
    done = _sim(str(script), "--arch", "blackhole", "--grid", "11,2")
    assert done.returncode == 2 and "--grid 11,2: blackhole has 10 rows and 13 columns" in done.stderr
    done = _sim(str(script), "--arch", "blackhole", "--grid", "2,11")
    assert done.returncode == 0, done.stderr


def test_cache_dir_option_holds_the_kernel_builds(run_sim, tmp_path):
    cache = tmp_path / "kernels"
    done = run_sim(tile_copy() + TileTensors + "tile_copy(a, out)\n", cache=cache)
    assert done.returncode == 0, done.stderr
    assert len(list(cache.glob("*.so"))) == 2  # reader and writer


def test_the_docs_example_runs_under_ttlang_sim(run_sim):
    text = (ROOT / "docs" / "emulator.md").read_text()
    section = text[text.index("## The simulator: ttlang-sim"):]
    (snippet,) = re.findall(r"```python\n(.*?)```", section, re.S)[:1]
    done = run_sim(snippet, name="add.py")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() in ("[3 3 3 3]", "tensor([3., 3., 3., 3.], dtype=torch.bfloat16)")


@pytest.mark.parametrize("name", ["TTLANG_COMPILE_ONLY", "TTLANG_INITIAL_MLIR", "TTLANG_FINAL_MLIR",
                                  "TTLANG_COMPILER_OPTIONS", "TT_METAL_DPRINT_CORES"])
def test_an_upstream_environment_switch_is_refused_never_ignored(tmp_path, name, monkeypatch):
    # Issue 32: tt-lang's runtime switches are honoured or rejected clearly; ttlang reads none.
    script = tmp_path / "args.py"
    script.write_text(ARGV)
    monkeypatch.setenv(name, "1")
    done = _sim(str(script))
    assert done.returncode == 2
    assert done.stdout == ""
    assert f"ttlang-sim: error: the environment sets {name}" in done.stderr
    assert "unset it" in done.stderr
