"""Differential testing: random TT-Lang programs (programs.py) run on the emulated device and
compared with their numpy model within a sound per-element bound.

    python test/python/fuzz/run.py --count 10000 [--seed S] [--out fuzz-failures] [--kinds reduce,extern]
    make fuzz N=10000 [SEED=S] [KINDS=reduce,extern]

Every program is valid by construction, so any outcome but numbers within the bound is a
failure: wrong numbers, a ttlang error, a crash or hang of a kernel (typed emulator errors). Each
failure is saved as a standalone repro, ``<out>/fuzz_<seed>.py``, which regenerates and runs the
program (``python <out>/fuzz_<seed>.py``). The host process must survive every program.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import functools
import importlib.util
import os
import pathlib
import sys
import tempfile
import time

import ml_dtypes
import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import programs  # noqa: E402 - this folder on the path first

STORAGE = {"bfloat16": ml_dtypes.bfloat16, "float32": np.float32}


@dataclasses.dataclass(frozen=True)
class Outcome:
    seed: int
    kind: str  # "ok" | "wrong" | "error"
    detail: str = ""
    program_kind: str = ""  # the program's kind (programs.KINDS)


def _load(program: programs.Program, folder: pathlib.Path):
    path = folder / f"{program.name}.py"
    path.write_text(program.source)
    spec = importlib.util.spec_from_file_location(program.name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, program.name)


def run_one(program: programs.Program, device, folder: pathlib.Path) -> Outcome:
    """Runs ``program`` on ``device``; the outcome against its numpy model."""
    import ttlang.emu as emu

    memory = {"dram": emu.DRAM, "l1": emu.L1}
    outcome = functools.partial(Outcome, program.seed, program_kind=program.kind)
    try:
        operation = _load(program, folder)
        inputs = [x.astype(STORAGE[t.dtype]) for x, t in zip(program.inputs(), program.inputs_spec)]
        tensors = [device.tensor(x, memory_config=memory[t.memory]) for x, t in zip(inputs, program.inputs_spec)]
        spec = program.output
        out = device.empty(spec.shape, dtype=spec.dtype, memory_config=memory[spec.memory])
        operation(*tensors, out)
        got = out.to_numpy().astype(np.float64)
    except Exception as error:  # noqa: BLE001 - every failure of a valid program is reported
        return outcome("error", f"{type(error).__name__}: {str(error).splitlines()[0]}")
    reference, bound = program.expected([x.astype(np.float32) for x in inputs])
    error = np.abs(got - reference)
    if np.all(error <= bound):
        return outcome("ok")
    worst = np.unravel_index(np.argmax(np.where(np.isnan(error), np.inf, error - bound)), error.shape)
    return outcome("wrong", f"at {worst}: got {got[worst]!r}, expected {reference[worst]!r} "
                   f"+- {bound[worst]:.3g} ({program.summary})")


REPRO = '''\
"""Repro of random TT-Lang program {seed}: {detail}"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path({fuzz!r})))
import run

sys.exit(0 if run.main(["--count", "1", "--seed", "{seed}"{kinds}]) == 0 else 1)
'''


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=None,
                        help="the first program's seed (default: a fresh one, printed)")
    parser.add_argument("--out", default="fuzz-failures", help="folder for the repros of failures")
    parser.add_argument("--kinds", default="", help="comma-separated program kinds to draw "
                        f"(default: all, weighted: {', '.join(programs.KINDS)})")
    options = parser.parse_args(argv)
    if options.seed is None:
        options.seed = int.from_bytes(os.urandom(4), "little") % 10**9
    kinds = tuple(k for k in options.kinds.split(",") if k)
    unknown = [k for k in kinds if k not in programs.KINDS]
    if unknown:
        parser.error(f"unknown kinds {unknown}; known: {list(programs.KINDS)}")

    import ttlang.emu as emu

    device = emu.open_device()
    outcomes = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        for seed in range(options.seed, options.seed + options.count):
            outcome = run_one(programs.draw(seed, kinds), device, pathlib.Path(scratch))
            outcomes.append(outcome)
            if len(outcomes) % 250 == 0:
                bad = sum(o.kind != "ok" for o in outcomes)
                print(f"... {len(outcomes)} programs, {bad} failures, "
                      f"{time.perf_counter() - started:.0f} s", flush=True)
            if outcome.kind != "ok":
                print(f"seed {seed} ({outcome.program_kind}): {outcome.kind}: {outcome.detail}", flush=True)
                out = pathlib.Path(options.out)
                out.mkdir(parents=True, exist_ok=True)
                (out / f"fuzz_{seed}.py").write_text(
                    REPRO.format(seed=seed, detail=outcome.detail.replace('"', "'"), fuzz=str(HERE),
                                 kinds=f', "--kinds", "{options.kinds}"' if kinds else "")
                )
    counts = collections.Counter(o.kind for o in outcomes)
    elapsed = time.perf_counter() - started
    print(f"{len(outcomes)} programs (seeds {options.seed}..{options.seed + options.count - 1}): "
          f"{counts['ok']} within bound, {counts['wrong']} wrong, {counts['error']} errors; "
          f"{elapsed:.1f} s")
    per_kind = collections.Counter((o.program_kind, o.kind) for o in outcomes)
    for name in programs.KINDS:
        total = sum(n for (k, _), n in per_kind.items() if k == name)
        if total:
            print(f"  {name}: {total} programs, {total - per_kind[(name, 'ok')]} failures")
    return 0 if counts["ok"] == len(outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
