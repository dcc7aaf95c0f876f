"""``ttlang-sim script.py [options] [-- args...]``: runs a tt-lang program, driver included, on
the emulated device.

Both argument orders work: tt-lang-sim's (the script first, then simulator options anywhere
before a ``--``; every other argument, and all after ``--``, goes to the script) and ttlang's
(options, the script, then the script's arguments). tt-lang-sim's option spellings are known:
those that apply here are honoured, the others are an error that says why, never ignored.

The script runs as ``__main__`` (``sys.argv`` is ``[script, *args]``, its directory is
``sys.path[0]``), with ``import ttnn`` giving the simulator's stand-in (``ttlang.sim.ttnn_api``)
and ``import ttl`` giving ``ttlang``.
"""

from __future__ import annotations

import argparse
import builtins
import os
import sys
import traceback
import types
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Option:
    """A ``ttlang-sim`` option: its spelling, whether it takes a value (``"optional"``: an
    optional one, like tt-lang-sim's ``--trace [FILE]``), and, for a tt-lang-sim option that
    does not apply here, why (the error)."""

    name: str
    value: bool | str = False
    unsupported: str = ""


OPTIONS = (
    Option("--arch", True),
    Option("--cache-dir", True),
    Option("--num-devices", True),
    Option("--mesh-shape", True),
    Option("--no-float32-promotion"),
    Option("--grid", True),
    Option("--trace", "optional"),
    Option("--trace-events", True, "--trace records every kind of event (circular buffers, NoC, "
           "semaphores, tile operations); choosing kinds is not supported (filter them in the "
           "viewer)"),
    Option("--no-trace-events", True, "--trace records every kind of event (circular buffers, "
           "NoC, semaphores, tile operations); leaving kinds out is not supported (filter them "
           "in the viewer)"),
    Option("--dry-run", False, "ttlang-sim always runs the generated kernels (their numbers are "
           "the point); there is no dry run"),
    Option("--max-l1", True, "the compiler checks every operation's dataflow buffers against the "
           "architecture's L1 (a CompilerError when they do not fit); another limit is not "
           "supported"),
    Option("--max-dfbs", True, "the compiler allocates dataflow buffers against the "
           "architecture's circular-buffer count; another limit is not supported"),
    Option("--scheduler", True, "ttlang-sim runs each core's kernels as the emulated device "
           "schedules them; tt-lang-sim's schedulers do not apply"),
)
_BY_NAME = {option.name: option for option in OPTIONS}
DEFAULT_TRACE = "ttlang-sim-trace.json"  # `--trace` without a file

# Environment switches tt-lang's own runtime reads (its programming guide and compiler-options
# reference). ttlang reads no environment variables; each one set is refused with what does
# the same here, never ignored.
REFUSED_ENVIRONMENT = {
    "TTLANG_COMPILE_ONLY": "ttlang-sim always runs the generated kernels; to compile without "
    "running, call `operation.compile(*tensors)` (or use ttlang without the simulator)",
    "TTLANG_INITIAL_MLIR": "read the frontend's IR from `operation.compile(*tensors).frontend_ir` "
    "(or `ttlang-opt`)",
    "TTLANG_FINAL_MLIR": "read the compiled IR from `operation.compile(*tensors).ir` and each "
    "kernel's C++ from `.artifact.kernels`",
    "TTLANG_COMPILER_OPTIONS": "ttlang's code generation has no such options (docs/language.md)",
    "TTLANG_VERBOSE_PASSES": "run the pipeline with `ttlang-opt --ttl-to-metal ... "
    "--mlir-print-ir-after-all` on `operation.compile(*tensors).frontend_ir`",
    "TT_METAL_DPRINT_CORES": "ttlang-sim shows every core's device prints, each line tagged "
    "with its device, core and kernel (filter them, e.g. grep '^\\[device 0 core (0, 0)')",
}


def _parser() -> argparse.ArgumentParser:
    from ttlang.emu.device import ARCHITECTURES, DEFAULT_ARCHITECTURE  # noqa: PLC0415 - ttl/Targets.h
    parser = argparse.ArgumentParser(
        prog="ttlang-sim",
        usage=(
            "ttlang-sim script.py [--arch ARCH] [--cache-dir DIR] [--num-devices N] [--mesh-shape R,C] "
            "[--trace [FILE]] [--no-float32-promotion] [-- args...]\n"
            "       ttlang-sim [options] script.py [args...]"
        ),
        description=(
            "Run a tt-lang program, driver included, with ttlang's emulated device standing in "
            "for the Tenstorrent card. The script runs unchanged: `import ttnn` gives the "
            "simulator's ttnn (open_device, from_torch, empty/zeros/ones/full/rand, to_torch, "
            "memory configs...), `import ttl` gives ttlang, and operations run their generated "
            "kernels on the emulated device. Results are emulated, not hardware results."
        ),
        epilog=(
            "Operations declared with runtime_resource_factory= are rejected "
            "(ttlang.sim.RuntimeResourcesRejected); run those with ttlang.emu.open_device(). "
            "Without torch installed, ttnn.from_torch takes numpy arrays and ttnn.to_torch "
            "returns numpy arrays. See docs/emulator.md."
        ),
    )
    parser.add_argument("--version", action="version", version=f"ttlang-sim {_version()}")
    parser.add_argument(
        "--arch", choices=ARCHITECTURES, default=DEFAULT_ARCHITECTURE,
        help="architecture of the emulated device (default: wormhole_b0)",
    )
    parser.add_argument(
        "--cache-dir", metavar="DIR", default=None,
        help="kernel build cache (default: ~/.cache/ttlang/emu)",
    )
    parser.add_argument(
        "--num-devices", type=int, default=None, metavar="N",
        help="emulated devices ttnn.GetNumAvailableDevices() reports (default 1, or the mesh "
        "shape's); ttnn.open_mesh_device() opens a mesh of them",
    )
    parser.add_argument(
        "--mesh-shape", metavar="ROWS,COLS", default=None,
        help="the mesh ttnn.open_mesh_device() opens without a shape (default 1,N)",
    )
    parser.add_argument(
        "--trace", nargs="?", const=DEFAULT_TRACE, default=None, metavar="FILE",
        help="write a trace of every run on the emulated device to FILE (default: "
        f"{DEFAULT_TRACE}): Chrome's trace-event JSON, for Perfetto or chrome://tracing",
    )
    parser.add_argument(
        "--grid", metavar="ROWS,COLS", default=None,
        help="the grid of grid='full' / 'auto' operations (default: the architecture's whole "
        "worker grid, 8,8 on wormhole_b0, 10,13 on blackhole)",
    )
    parser.add_argument(
        "--no-float32-promotion", action="store_true",
        help="accepted for tt-lang-sim scripts: ttlang-sim never promotes bfloat16 / bfloat8_b "
        "to float32 (it rounds as the card does)",
    )
    for option in OPTIONS:
        if not option.unsupported:
            continue
        if option.value == "optional":
            parser.add_argument(option.name, nargs="?", const=True, help=argparse.SUPPRESS)
        elif option.value:
            parser.add_argument(option.name, help=argparse.SUPPRESS)
        else:
            parser.add_argument(option.name, action="store_const", const=True, help=argparse.SUPPRESS)
    parser.add_argument("script", help="the Python program to run")
    return parser


def _version() -> str:
    from ttlang import __version__  # noqa: PLC0415

    return __version__


def _option_tokens(argv: list[str], index: int) -> int:
    """How many tokens the option at ``argv[index]`` takes (itself and its value), or 0 when
    it is not a ttlang-sim option."""
    name, has_value, _ = argv[index].partition("=")
    option = _BY_NAME.get(name)
    if option is None:
        return 0
    if has_value or not option.value:
        return 1
    if option.value == "optional":
        following = argv[index + 1] if index + 1 < len(argv) else "-"
        return 1 if following.startswith("-") else 2
    return 2


def _split(argv: list[str]) -> tuple[list[str], list[str]]:
    """(ttlang-sim's own arguments, the script last; the script's arguments)."""
    index = 0
    while index < len(argv):  # ttlang's order: options before the script
        token = argv[index]
        if token == "--":
            return argv[: index + 2], argv[index + 2:]
        if not token.startswith("-") or token == "-":
            break
        index += _option_tokens(argv, index) or 1
    else:
        return argv, []
    own, script, script_args = argv[:index], argv[index], []
    rest = argv[index + 1:]
    position = 0
    while position < len(rest):  # tt-lang-sim's order: options after the script, up to `--`
        if rest[position] == "--":
            script_args += rest[position + 1:]
            break
        taken = _option_tokens(rest, position)
        if taken:
            own += rest[position: position + taken]
            position += taken
        else:
            script_args.append(rest[position])
            position += 1
    return [script, *own], script_args  # the script first: `--trace` may take no value


def main(argv: Sequence[str] | None = None) -> int:
    """The console script: returns the exit status."""
    own, script_args = _split(list(sys.argv[1:] if argv is None else argv))
    parser = _parser()
    options = parser.parse_args(own)
    for option in OPTIONS:
        if option.unsupported and getattr(options, option.name[2:].replace("-", "_")) is not None:
            parser.error(f"{option.name} (a tt-lang-sim option) does not apply: {option.unsupported}")
    num_devices, mesh_shape = _mesh_options(parser, options.num_devices, options.mesh_shape)
    for name, instead in REFUSED_ENVIRONMENT.items():
        if name in os.environ:
            parser.error(f"the environment sets {name}, a switch of tt-lang's runtime that "
                         f"ttlang-sim does not read: {instead}; unset it")
    default_grid = _default_grid(parser, options.grid, options.arch)
    if options.trace is not None and not os.path.isdir(os.path.dirname(os.path.abspath(options.trace))):
        parser.error(f"--trace {options.trace}: no such directory to write the trace to")
    if not os.path.isfile(options.script):
        print(f"ttlang-sim: error: no such file: {options.script}", file=sys.stderr)
        return 2
    return run(options.script, script_args, arch=options.arch, cache_dir=options.cache_dir,
               trace=options.trace, default_grid=default_grid, num_devices=num_devices,
               mesh_shape=mesh_shape)


# More emulated chips than this is refused: a Galaxy (32) is the largest system ttnn 0.81.1
# describes as one mesh, and each chip's L1 takes address space below 4 GiB (docs/emulator.md,
# "Meshes and fabric").
MAX_DEVICES = 32


def _mesh_options(parser: argparse.ArgumentParser, count: int | None,
                  shape_text: str | None) -> tuple[int, tuple[int, int] | None]:
    """``--num-devices`` and ``--mesh-shape``: (devices, the default mesh shape or None)."""
    shape = None
    if shape_text is not None:
        try:
            rows, cols = (int(part) for part in shape_text.split(","))
        except ValueError:
            parser.error(f"--mesh-shape {shape_text}: expected ROWS,COLS (e.g. --mesh-shape 2,4)")
        if rows < 1 or cols < 1:
            parser.error(f"--mesh-shape {shape_text}: rows and columns must be positive")
        shape = (rows, cols)
    if count is None:
        count = shape[0] * shape[1] if shape else 1
    if not 1 <= count <= MAX_DEVICES:
        parser.error(f"--num-devices {count}: between 1 and {MAX_DEVICES} emulated devices")
    if shape is not None and shape[0] * shape[1] != count:
        parser.error(f"--mesh-shape {shape_text} has {shape[0] * shape[1]} devices, --num-devices {count}")
    return count, shape


def _default_grid(parser: argparse.ArgumentParser, text: str | None, arch: str) -> tuple[int, int] | None:
    """``--grid ROWS,COLS`` (tt-lang-sim's order) as (cols, rows), within ``arch``'s workers."""
    if text is None:
        return None
    from ttlang.emu import _emu  # noqa: PLC0415 - ttl/Targets.h, when needed

    cols_max, rows_max, *_ = _emu.architecture(arch)
    try:
        rows, cols = (int(part) for part in text.split(","))
    except ValueError:
        parser.error(f"--grid {text}: expected ROWS,COLS, two positive integers (e.g. --grid 4,4)")
    if not (0 < rows <= rows_max and 0 < cols <= cols_max):
        parser.error(f"--grid {text}: {arch} has {rows_max} rows and {cols_max} columns of worker "
                     "cores")
    return (cols, rows)


def run(
    script: str,
    args: Sequence[str],
    *,
    arch: str | None = None,
    cache_dir: str | None = None,
    trace: str | None = None,
    default_grid: tuple[int, int] | None = None,
    num_devices: int = 1,
    mesh_shape: tuple[int, int] | None = None,
) -> int:
    """Runs ``script`` with ``args`` in this process under the simulator (``arch`` None: the
    default target); returns the exit status (0, the script's ``sys.exit`` code, or 1 after an
    uncaught exception). ``trace``: the file the trace of every run goes to (written when the
    script ends, failed or not); ``default_grid``: (cols, rows) of grid="auto" / "full"
    operations (``--grid``)."""
    import ttlang.emu as emu  # noqa: PLC0415
    import ttlang  # noqa: PLC0415
    from ttlang.runtime import _ttnn  # noqa: PLC0415
    from ttlang.sim import device as sim_device  # noqa: PLC0415
    from ttlang.sim import ttnn_api  # noqa: PLC0415

    recorder = emu.Trace(trace) if trace is not None else None
    arch = arch or sim_device.DEFAULT_ARCHITECTURE
    sim_device.configure(arch, cache_dir, recorder, default_grid, num_devices, mesh_shape)
    path = os.path.abspath(script)
    with open(path, "rb") as file:
        source = file.read()
    try:
        code = compile(source, path, "exec", dont_inherit=True)
    except SyntaxError as error:  # as Python reports it: the line and the caret, no traceback
        traceback.print_exception(type(error), error, None)
        return 1
    main_module = types.ModuleType("__main__")
    main_module.__file__ = path
    main_module.__builtins__ = builtins  # type: ignore[attr-defined]

    saved_argv, saved_path = sys.argv, list(sys.path)
    saved_main, saved_ttl = sys.modules.get("__main__"), sys.modules.get("ttl")
    sys.argv = [script, *args]
    # As `python script.py`: the script's folder replaces the launcher's as sys.path[0].
    sys.path[:1] = [os.path.dirname(os.path.realpath(path))]
    sys.modules["__main__"] = main_module
    sys.modules["ttl"] = ttlang
    _ttnn.shadow(ttnn_api)
    try:
        exec(code, main_module.__dict__)  # noqa: S102 - running the user's program is the point
        status = 0
    except SystemExit as done:
        status = _exit_status(done.code)
    except KeyboardInterrupt as interrupt:
        traceback.print_exception(type(interrupt), interrupt, _user_frames(interrupt.__traceback__))
        status = 130
    except BaseException as error:  # noqa: BLE001 - report whatever the script raised
        _report(error, path)
        status = 1
    finally:
        sys.stdout.flush()
        sim_device.close_all()
        sim_device.configure(arch, cache_dir)
        if recorder is not None:
            recorder.close()
            print(f"ttlang-sim: trace of {len(recorder.runs)} run(s) written to {trace}",
                  file=sys.stderr)
        _ttnn.unshadow()
        _restore("ttl", saved_ttl)
        _restore("__main__", saved_main)
        sys.argv = saved_argv
        sys.path[:] = saved_path
    return status


def _exit_status(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _restore(name: str, module: types.ModuleType | None) -> None:
    if module is None:
        sys.modules.pop(name, None)
    else:
        sys.modules[name] = module


def _user_frames(tb: types.TracebackType | None) -> types.TracebackType | None:
    """The traceback without this launcher's frames (as Python shows a script's)."""
    while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
        tb = tb.tb_next
    return tb


def _report(error: BaseException, script: str) -> None:
    """A traceback for the script's exceptions; the message (and the script line that led to
    it) for errors ttlang explains itself: emulator errors and ttlang diagnostics."""
    import ttlang.emu as emu  # noqa: PLC0415
    from ttlang.errors import TTLangError  # noqa: PLC0415

    sys.stdout.flush()
    tb = _user_frames(error.__traceback__)
    if not isinstance(error, (emu.EmulatorError, TTLangError)):
        traceback.print_exception(type(error), error, tb)
        return
    frames = traceback.extract_tb(tb)
    in_script = [f for f in frames if f.filename == script] or frames[:1]
    if in_script:
        where = in_script[-1]
        print(f'ttlang-sim: File "{where.filename}", line {where.lineno}, in {where.name}',
              file=sys.stderr)
        if where.line:
            print(f"    {where.line}", file=sys.stderr)
    print(f"{type(error).__name__}: {error}", file=sys.stderr)
