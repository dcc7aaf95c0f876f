"""`make bench`: runs every benchmark in this folder, one after the other (never in parallel:
they share two cores), and prints their reports. Figures belong in docs/performance.md."""

from __future__ import annotations

import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
BENCHMARKS = (
    "compile_latency.py",
    "cache_hit.py",
    "dispatch.py",
    "opmodel.py",
    "spill.py",
    "opmodel_calibration.py",
    "emulator.py",  # our side only; pass --upstream-python by hand for the ratio
)


def main() -> int:
    failed = []
    for name in BENCHMARKS:
        print(f"\n===== bench/{name} =====", flush=True)
        if subprocess.run([sys.executable, str(HERE / name)], cwd=HERE.parent).returncode != 0:
            failed.append(name)
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
