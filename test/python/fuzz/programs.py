"""Random valid TT-Lang operations with a numpy model (issue 33, differential testing).

``draw(seed)`` makes one program: its kind drawn with the weights of ``KINDS``, then the kind's
own draw (grid, tensors of either element type in DRAM or L1, block shapes and counts, and what
the program computes). A program is source text (the frontend reads the operation from a file)
with its numpy model: the exact value in float64 of what it computes on the inputs as the device
holds them, and a sound per-element bound on the device's error (expressions.py derives the
rules; each kind's module states its own).

The kinds (``KINDS``; docs/emulator.md "Differential testing" describes each):
eltwise and broadcast (eltwise.py), matmul (matmul.py), reduce (reduce.py), reconfigure
(reconfigure.py), extern (extern.py, with fuzz_extern.hpp) and mixed (mixed.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from fuzz_kinds import eltwise, extern, matmul, mixed, reconfigure, reduce
from expressions import UNIT  # noqa: F401 - the rounding units (tests lower them)
from records import Program

# kind -> (weight, draw(seed, rng)); the weights favour the kinds with the most freedom.
KINDS: dict[str, tuple[int, Callable[[int, random.Random], Program]]] = {
    "eltwise": (4, lambda seed, rng: eltwise.draw(seed, rng, shaped=False)),
    "broadcast": (2, lambda seed, rng: eltwise.draw(seed, rng, shaped=True)),
    "matmul": (2, matmul.draw),
    "reduce": (2, reduce.draw),
    "reconfigure": (1, reconfigure.draw),
    "extern": (1, extern.draw),
    "mixed": (1, mixed.draw),
}


def draw(seed: int, kinds: tuple[str, ...] | None = None) -> Program:
    """The program of ``seed`` (the same program for the same seed and kinds)."""
    rng = random.Random(seed)
    names = list(kinds) if kinds else list(KINDS)
    kind = rng.choices(names, weights=[KINDS[n][0] for n in names])[0]
    return KINDS[kind][1](seed, rng)
