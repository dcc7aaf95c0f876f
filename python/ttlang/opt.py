"""The ``ttlang-opt`` console script of an installed ttlang: runs the ``ttlang-opt`` binary that
the wheel ships at ``ttlang/bin/ttlang-opt`` (mlir-opt with the ttl and ttnn dialects and every
ttlang pass). The binary finds MLIR and LLVM in the ``mlir`` and ``llvm`` packages installed
beside ``ttlang`` (its RUNPATH), the same libraries ``import ttlang`` loads.

A development tree (``python/`` on the path, built by ``make build``) has no ``bin/`` here: its
ttlang-opt is ``build/bin/ttlang-opt``, which ``make setup`` links as ``.venv/bin/ttlang-opt``.
"""

from __future__ import annotations

import os
import pathlib
import sys
from collections.abc import Sequence

BINARY = pathlib.Path(__file__).resolve().parent / "bin" / "ttlang-opt"


def main(argv: Sequence[str] | None = None) -> int:
    """Replaces this process with the binary; returns only when it cannot be run."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not os.access(BINARY, os.X_OK):
        print(
            f"ttlang-opt: no binary at {BINARY}: this ttlang is not an installed wheel "
            "(in a development tree, run build/bin/ttlang-opt after `make build`)",
            file=sys.stderr,
        )
        return 2
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(BINARY, ["ttlang-opt", *args])
    return 1  # not reached


if __name__ == "__main__":
    sys.exit(main())
