"""``ttlang-sim script.py [args...]``: runs a tt-lang program, driver included, on the emulated
device.

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

_VALUE_OPTIONS = ("--arch", "--cache-dir")
ARCHITECTURES = ("wormhole_b0", "blackhole")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ttlang-sim",
        usage="ttlang-sim [--arch ARCH] [--cache-dir DIR] script.py [args...]",
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
        "--arch", choices=ARCHITECTURES, default="wormhole_b0",
        help="architecture of the emulated device (default: wormhole_b0)",
    )
    parser.add_argument(
        "--cache-dir", metavar="DIR", default=None,
        help="kernel build cache (default: ~/.cache/ttlang/emu)",
    )
    parser.add_argument("script", help="the Python program to run")
    return parser


def _version() -> str:
    from ttlang import __version__  # noqa: PLC0415

    return __version__


def _split(argv: list[str]) -> tuple[list[str], list[str]]:
    """(ttlang-sim's own arguments, up to and including the script; the script's arguments)."""
    index = 0
    while index < len(argv):
        token = argv[index]
        if token in _VALUE_OPTIONS:
            index += 2
            continue
        if token == "--":
            return argv[: index + 2], argv[index + 2:]
        if not token.startswith("-") or token == "-":
            return argv[: index + 1], argv[index + 1:]
        index += 1
    return argv, []


def main(argv: Sequence[str] | None = None) -> int:
    """The console script: returns the exit status."""
    own, script_args = _split(list(sys.argv[1:] if argv is None else argv))
    options = _parser().parse_args(own)
    if not os.path.isfile(options.script):
        print(f"ttlang-sim: error: no such file: {options.script}", file=sys.stderr)
        return 2
    return run(options.script, script_args, arch=options.arch, cache_dir=options.cache_dir)


def run(script: str, args: Sequence[str], *, arch: str = "wormhole_b0", cache_dir: str | None = None) -> int:
    """Runs ``script`` with ``args`` in this process under the simulator; returns the exit
    status (0, the script's ``sys.exit`` code, or 1 after an uncaught exception)."""
    import ttlang  # noqa: PLC0415
    from ttlang.runtime import _ttnn  # noqa: PLC0415
    from ttlang.sim import device as sim_device  # noqa: PLC0415
    from ttlang.sim import ttnn_api  # noqa: PLC0415

    sim_device.configure(arch, cache_dir)
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
