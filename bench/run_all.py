"""`make bench`: runs every benchmark in this folder, one after the other (never in parallel:
they share two cores), and prints their reports. Figures belong in docs/performance.md."""

from __future__ import annotations

import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ANCHOR = HERE / "anchor"
SIMULATOR = ANCHOR / "venv-tt-lang-sim-1.1.6" / "bin" / "python"
BENCHMARKS: tuple[tuple[str, ...], ...] = (
    ("anchor/compare.py",),  # cold start against upstream tt-lang 1.1.1, same run
    ("compile_latency.py",),
    ("cache_hit.py",),
    ("dispatch.py",),
    ("opmodel.py",),
    ("spill.py",),
    ("opmodel_calibration.py",),
    # Against tt-lang-sim 1.1.6 when `make anchor` could set it up (it needs Python 3.11).
    ("emulator.py", "--upstream-python", str(SIMULATOR)) if SIMULATOR.exists() else ("emulator.py",),
    ("emulator_matmul.py",),  # against numpy's float32 matmul, same threads; tutorial 8192^3
    ("emulator_mesh.py", "--mpi"),  # collectives per device count, one process and two MPI ranks
)


def main() -> int:
    failed = []
    for name, *arguments in BENCHMARKS:
        print(f"\n===== bench/{name} {' '.join(arguments)} =====", flush=True)
        command = [sys.executable, str(HERE / name), *arguments]
        if subprocess.run(command, cwd=HERE.parent).returncode != 0:
            failed.append(name)
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
