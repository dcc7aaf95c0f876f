"""Random valid TT-Lang operations with a numpy model (issue 33, differential testing).

``draw(seed)`` makes one program: its kind drawn with the weights of ``KINDS``, then the kind's
own draw (grid, tensors of either element type in DRAM or L1, block shapes and counts, and what
the program computes). A program is source text (the frontend reads the operation from a file)
with its numpy model: the exact value in float64 of what it computes on the inputs as the device
holds them, and a sound per-element bound on the device's error (expressions.py derives the
rules; each kind's module states its own).

| kind | what | module |
| --- | --- | --- |
| eltwise | one fused expression over 1-3 input blocks: every shape-keeping block function, block-scalar math (literal, module constant or factory argument), output of either type, fp32_dest_acc_en=, shapes that are not whole tiles; threads, an operation-owned reader kernel, or unified | eltwise.py |
| broadcast | the same with broadcast (rows / cols / scalar), transpose and fill leaves | eltwise.py |
| matmul | blocked matmuls: carried sums, += on the reserved block, plain or fused stores, transpose_rhs | matmul.py |
| reduce | reduce_sum / reduce_max along rows, columns or both, scalers, computed operands, x - broadcast(reduce(x)) | reduce.py |
| reconfigure | dfb.reconfigure between phases (grow, shrink, same size), several cores, unified or threads | reconfigure.py |
| extern | ttl.call_extern_func readers / writers with an exact C++ transform (fuzz_extern.hpp) | extern.py |
| mixed | bf16 and f32 blocks in one compute kernel: an expression stored into an intermediate DFB of the other type, a second one over it | mixed.py |
"""

from __future__ import annotations

import random
from collections.abc import Callable

import eltwise
import extern
import matmul
import mixed
import reconfigure
import reduce
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
