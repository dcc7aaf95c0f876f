"""The records the program kinds share: a tensor, a program, and the rounding units of a
compute kernel."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import numpy as np

from expressions import INPUT_RANGE, TINY, UNIT, Units

TILE = 32
DTYPES = ("bfloat16", "bfloat16", "float32")  # drawn: bf16 twice as often
MEMORIES = ("dram", "dram", "l1")


@dataclasses.dataclass(frozen=True)
class Tensor:
    shape: tuple[int, int]
    dtype: str  # "bfloat16" | "float32"
    memory: str  # "dram" | "l1"


Model = Callable[[list[np.ndarray]], tuple[np.ndarray, np.ndarray]]


@dataclasses.dataclass(frozen=True)
class Program:
    """One random program: its source, the operation's name, its tensors (inputs, then the
    output) and its numpy model: ``model(inputs)`` is (reference, bound) in float64 from the
    inputs as the device holds them."""

    seed: int
    kind: str
    source: str
    name: str
    inputs_spec: tuple[Tensor, ...]
    output: Tensor
    model: Model
    summary: str  # what the program computes, for reports

    def inputs(self) -> list[np.ndarray]:
        rng = np.random.default_rng(self.seed)
        return [rng.uniform(-INPUT_RANGE, INPUT_RANGE, t.shape).astype(np.float32)
                for t in self.inputs_spec]

    def expected(self, inputs: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        reference, bound = self.model([x.astype(np.float64) for x in inputs])
        return reference, bound + TINY


@dataclasses.dataclass(frozen=True)
class Kernel:
    """The compute kernel's DEST format: f32 when ``fp32_dest_acc_en=`` says so, else exactly
    when the kernel uses an f32 DFB (docs/language.md)."""

    math_dtype: str  # the element type of the blocks the math reads
    out_dtype: str
    fp32_dest: bool | None  # the operation's fp32_dest_acc_en=, None when not given

    @property
    def dest_f32(self) -> bool:
        if self.fp32_dest is not None:
            return self.fp32_dest
        return "float32" in (self.math_dtype, self.out_dtype)

    @property
    def registers(self) -> int:
        # A DEST section holds 8 tiles, 4 with fp32 accumulation.
        return 4 if self.dest_f32 else 8

    def units(self) -> Units:
        dest = UNIT["float32" if self.dest_f32 else "bfloat16"]
        return Units(dest=dest, leaf=0.0 if self.math_dtype == "bfloat16" else dest)

    def packed(self, value: np.ndarray, error: np.ndarray) -> np.ndarray:
        """The bound after the packer writes DEST into the output DFB: it rounds only from an
        f32 DEST into a bfloat16 DFB."""
        if self.dest_f32 and self.out_dtype == "bfloat16":
            return error + UNIT["bfloat16"] * (np.abs(value) + error)
        return error

    def decorator_argument(self) -> str:
        return "" if self.fp32_dest is None else f", fp32_dest_acc_en={self.fp32_dest}"


def strided_loops(rows_blocks: int, cols_blocks: int, indent: int = 8) -> list[str]:
    """Each core's share of a ``rows_blocks x cols_blocks`` grid of blocks: ``r``, ``c``
    strided by the grid."""
    pad = " " * indent
    return [
        f"{pad}x, y = ttl.node(dims=2)",
        f"{pad}cols, rows = ttl.grid_size(dims=2)",
        f"{pad}for r in range(y, {rows_blocks}, rows):",
        f"{pad}    for c in range(x, {cols_blocks}, cols):",
    ]


def distributed_loops(distribution: str, rows_blocks: int, cols_blocks: int, indent: int) -> tuple[list[str], int]:
    """The loops over a core's share of the blocks, and the indentation of their body:
    ``strided`` (``ttl.node(dims=2)``, above), ``linear`` (block ``i`` of the row-major order on
    core ``i % cores``, ``ttl.node(dims=1)``, ``//`` and ``%`` at run time) or ``chunked`` (a
    contiguous range per core, ``min`` of runtime integers: tt-lang 1.1's uneven split)."""
    pad = " " * indent
    total = rows_blocks * cols_blocks
    if distribution == "strided":
        return strided_loops(rows_blocks, cols_blocks, indent), indent + 8
    head = [f"{pad}n = ttl.node(dims=1)", f"{pad}cores = ttl.grid_size(dims=1)"]
    if distribution == "linear":
        loop = [f"{pad}for i in range(n, {total}, cores):"]
    else:
        per = f"(({total} + cores - 1) // cores)"
        loop = [f"{pad}first = n * {per}",
                f"{pad}for i in range(first, min(first + {per}, {total})):"]
    return head + loop + [f"{pad}    r = i // {cols_blocks}", f"{pad}    c = i % {cols_blocks}"], indent + 4
