"""Random element-wise block expressions with a numpy model and a forward error bound.

An ``Expr`` is the source text of a TT-Lang block expression, its registers, a static bound on
its magnitude, and ``evaluate(leaves, units)``: the exact value (float64) of the expression on
the leaves as the device holds them, and a per-element bound on how far the device's value can
be from it. The bound is built bottom-up by forward error analysis, each rule sound for any
rounding of one unit ``u`` (one ulp relative to the value, so truncation is covered; docs/
emulator.md "Numeric model": FPU writes round to nearest, some SFPU writes truncate):

* a leaf read into the destination registers: ``u_leaf |x|`` (0 for a bfloat16 input, which
  widens exactly; an f32 FPU operand is truncated to TF32, 2^-10, and an f32 copied into a
  16-bit DEST rounds to bfloat16: ``u_leaf`` is the DEST unit for f32 inputs);
* ``a +- b``: ``ea + eb + u (|a| + |b| + ea + eb)``;
* ``a * b``: ``|a| eb + |b| ea + ea eb + u (|a| + ea)(|b| + eb)``;
* ``a / d`` (``d >= 1`` by construction): ``(ea + |a/d| ed) / (d - ed)`` plus one rounding;
* exact selections (``max``, ``min``, ``relu``, ``neg``, ``abs``): the operands' larger error;
* a differentiable function ``f``: ``L e + u' (|f| + L e) + slack`` with ``L`` a bound on
  ``|f'|`` over ``[v - e, v + e]`` and ``u' = u + 2^-20`` (the emulator evaluates ``f`` in f32,
  within a few f32 ulps, then rounds into DEST);
* a comparison: exact (1 or 0) unless the operands are within their errors of each other
  (then either answer is possible: bound 1); ``where(c, a, b)`` with such a ``c``: both branches.
* block-scalar ``x * s``, ``x + s``, ``s - x``, ``x / s`` (``x`` times ``1/s`` rounded to f32,
  as ``div_unary_tile`` does): the same rules with an exact operand.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable

import numpy as np

# One ulp relative to the value, per DEST / storage format: bfloat16 has 8 significant bits;
# for f32 the FPU's TF32 operands (10 bits, truncated) dominate.
UNIT = {"bfloat16": 2.0**-7, "float32": 2.0**-9}
LIBM = 2.0**-20  # the emulator's f32 evaluation of a transcendental function, relative
TINY = 1e-30  # a floor under every bound (subnormals are flushed; 0 * x is +0)


@dataclasses.dataclass(frozen=True)
class Units:
    """The roundings of one compute kernel: ``dest`` for every result written to DEST, ``leaf``
    for a leaf read from a DFB."""

    dest: float
    leaf: float


Pair = tuple[np.ndarray, np.ndarray]  # (exact value, error bound), float64


@dataclasses.dataclass(frozen=True)
class Expr:
    text: str
    evaluate: Callable[[list[np.ndarray], Units], Pair]
    # DEST registers a left-first evaluation holds at once (the left operand's result while the
    # right one is computed): the compiler refuses more than a DEST section holds.
    registers: int
    magnitude: float  # |value| <= magnitude for inputs in [-INPUT_RANGE, INPUT_RANGE]
    boolean: bool = False  # a comparison: 1.0 or 0.0


INPUT_RANGE = 2.0


def leaf(name: str, index: int, magnitude: float = INPUT_RANGE) -> Expr:
    def evaluate(xs: list[np.ndarray], units: Units) -> Pair:
        x = xs[index]
        return x, units.leaf * np.abs(x)

    return Expr(name, evaluate, 1, magnitude)


def _rounded(value: np.ndarray, error: np.ndarray, unit: float) -> np.ndarray:
    return error + unit * (np.abs(value) + error)


def add(a: Expr, b: Expr, sign: int = 1) -> Expr:
    def evaluate(xs, units):
        (va, ea), (vb, eb) = a.evaluate(xs, units), b.evaluate(xs, units)
        value = va + sign * vb
        return value, ea + eb + units.dest * (np.abs(va) + np.abs(vb) + ea + eb)

    op = "+" if sign > 0 else "-"
    return Expr(f"({a.text} {op} {b.text})", evaluate, _binary_registers(a, b),
                a.magnitude + b.magnitude)


def mul(a: Expr, b: Expr) -> Expr:
    def evaluate(xs, units):
        (va, ea), (vb, eb) = a.evaluate(xs, units), b.evaluate(xs, units)
        error = np.abs(va) * eb + np.abs(vb) * ea + ea * eb
        return va * vb, error + units.dest * (np.abs(va) + ea) * (np.abs(vb) + eb)

    return Expr(f"({a.text} * {b.text})", evaluate, _binary_registers(a, b), a.magnitude * b.magnitude)


def divide(a: Expr, d: Expr) -> Expr:
    """``a / d`` for a denominator ``d >= 1`` (``positive``)."""

    def evaluate(xs, units):
        (va, ea), (vd, ed) = a.evaluate(xs, units), d.evaluate(xs, units)
        q = va / vd
        error = (ea + np.abs(q) * ed) / np.maximum(vd - ed, 1.0)  # both divisors are >= 1
        return q, _rounded(q, error, units.dest + LIBM)

    return Expr(f"({a.text} / {d.text})", evaluate, _binary_registers(a, d), a.magnitude)


def extremum(name: str, a: Expr, b: Expr) -> Expr:
    function = np.maximum if name == "max" else np.minimum

    def evaluate(xs, units):
        (va, ea), (vb, eb) = a.evaluate(xs, units), b.evaluate(xs, units)
        return function(va, vb), np.maximum(ea, eb)

    return Expr(f"ttl.math.{name}({a.text}, {b.text})", evaluate, _binary_registers(a, b),
                max(a.magnitude, b.magnitude))


COMPARISONS = {"lt": np.less, "le": np.less_equal, "gt": np.greater, "ge": np.greater_equal,
               "eq": np.equal, "ne": np.not_equal}


def compare(name: str, a: Expr, b: Expr) -> Expr:
    function = COMPARISONS[name]

    def evaluate(xs, units):
        (va, ea), (vb, eb) = a.evaluate(xs, units), b.evaluate(xs, units)
        ambiguous = np.abs(va - vb) <= ea + eb + 1e-37  # subnormals compare as 0
        return function(va, vb).astype(np.float64), ambiguous.astype(np.float64)

    return Expr(f"ttl.math.{name}({a.text}, {b.text})", evaluate, _binary_registers(a, b), 1.0,
                boolean=True)


def where(c: Expr, a: Expr, b: Expr) -> Expr:
    assert c.boolean, "where() selects on a comparison (0.0 / 1.0, never -0.0)"

    def evaluate(xs, units):
        (vc, ec), (va, ea), (vb, eb) = (e.evaluate(xs, units) for e in (c, a, b))
        chosen = np.where(vc != 0, va, vb)
        either = np.maximum(ea, eb) + np.abs(va - vb)
        return chosen, np.where(ec > 0, either, np.where(vc != 0, ea, eb))

    registers = max(c.registers, a.registers + 1, b.registers + 2)
    return Expr(f"ttl.math.where({c.text}, {a.text}, {b.text})", evaluate, registers,
                max(a.magnitude, b.magnitude))


def _binary_registers(a: Expr, b: Expr) -> int:
    return max(a.registers, b.registers + 1)


# --- unary functions ---------------------------------------------------------------------------

def _selection(text: str, function: Callable[[np.ndarray], np.ndarray]) -> Callable[[Expr], Expr]:
    def build(a: Expr) -> Expr:
        def evaluate(xs, units):
            va, ea = a.evaluate(xs, units)
            return function(va), ea

        return Expr(text.format(a.text), evaluate, a.registers, a.magnitude)

    return build


@dataclasses.dataclass(frozen=True)
class Smooth:
    """A differentiable ``ttl.math`` function: ``lipschitz(lo, hi)`` bounds ``|f'|`` on
    ``[lo, hi]`` elementwise; ``slack(v)`` is an absolute error the emulator's model allows
    beyond rounding (its 16-bit-DEST gelu saturates: x from 2.78125 (x (1 - Phi(x)) < 0.003 x),
    0 below -5.54)."""

    text: str
    function: Callable[[np.ndarray], np.ndarray]
    lipschitz: Callable[[np.ndarray, np.ndarray], np.ndarray]
    magnitude: Callable[[float], float]
    positive: bool = False  # defined for arguments >= 1 only (the generator's ``1 + |x|``)
    slack: Callable[[np.ndarray], np.ndarray] = lambda v: 0.0 * v

    def __call__(self, a: Expr) -> Expr:
        def evaluate(xs, units):
            va, ea = a.evaluate(xs, units)
            lo, hi = va - ea, va + ea
            if self.positive:  # both the exact and the device's 1 + |x| are >= 1
                lo = np.maximum(lo, 1.0)
            propagated = self.lipschitz(lo, hi) * ea
            value = self.function(va)
            error = propagated + (units.dest + LIBM) * (np.abs(value) + propagated)
            return value, error + self.slack(value)

        return Expr(self.text.format(a.text), evaluate, a.registers, self.magnitude(a.magnitude))


def _largest(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    return np.maximum(np.abs(lo), np.abs(hi))


def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * np.vectorize(math.erfc)(-x / math.sqrt(2.0))


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x))


SMOOTH = {
    "exp": Smooth("ttl.math.exp({})", np.exp, lambda lo, hi: np.exp(hi),
                  lambda m: math.exp(min(m, 700.0))),
    "exp2": Smooth("ttl.math.exp2({})", np.exp2, lambda lo, hi: math.log(2) * np.exp2(hi),
                   lambda m: 2.0 ** min(m, 1000.0)),
    "sigmoid": Smooth("ttl.math.sigmoid({})", _sigmoid, lambda lo, hi: 0.25 + 0 * lo, lambda m: 1.0),
    "tanh": Smooth("ttl.math.tanh({})", np.tanh, lambda lo, hi: 1.0 + 0 * lo, lambda m: 1.0),
    "sin": Smooth("ttl.math.sin({})", np.sin, lambda lo, hi: 1.0 + 0 * lo, lambda m: 1.0),
    "cos": Smooth("ttl.math.cos({})", np.cos, lambda lo, hi: 1.0 + 0 * lo, lambda m: 1.0),
    "square": Smooth("ttl.math.square({})", np.square, lambda lo, hi: 2 * _largest(lo, hi),
                     lambda m: m * m),
    "cube": Smooth("({} ** 3)", lambda x: x**3, lambda lo, hi: 3 * _largest(lo, hi) ** 2,
                   lambda m: min(m, 1e100) ** 3),
    "pow2": Smooth("ttl.math.pow({}, 2)", np.square, lambda lo, hi: 2 * _largest(lo, hi),
                   lambda m: m * m),
    # gelu' = Phi(x) + x phi(x) <= 1.129 (at x = sqrt(2)); silu' <= 1.0999.
    "gelu": Smooth("ttl.math.gelu({})", _gelu, lambda lo, hi: 1.13 + 0 * lo, lambda m: m,
                   slack=lambda v: 0.003 * np.abs(v) + 1e-6),
    "silu": Smooth("ttl.math.silu({})", lambda x: x * _sigmoid(x), lambda lo, hi: 1.1 + 0 * lo,
                   lambda m: m),
    "sqrt": Smooth("ttl.math.sqrt({})", np.sqrt, lambda lo, hi: 0.5 / np.sqrt(lo), math.sqrt,
                   positive=True),
    "rsqrt": Smooth("ttl.math.rsqrt({})", lambda x: 1 / np.sqrt(x), lambda lo, hi: 0.5 * lo**-1.5,
                    lambda m: 1.0, positive=True),
    "log": Smooth("ttl.math.log({})", np.log, lambda lo, hi: 1 / lo, lambda m: math.log(m) + 1,
                  positive=True),
    "recip": Smooth("ttl.math.recip({})", lambda x: 1 / x, lambda lo, hi: 1 / lo**2,
                    lambda m: 1.0, positive=True),
}

SELECTIONS = {
    "relu": _selection("ttl.math.relu({})", lambda v: np.maximum(v, 0)),
    "neg": _selection("(-{})", np.negative),
    "abs": _selection("abs({})", np.abs),
}


def positive(a: Expr) -> Expr:
    """``1 + |a|`` (>= 1): the argument the generator gives sqrt, rsqrt, log, recip and a
    divisor."""
    return scalar("shift", SELECTIONS["abs"](a), 1.0, "1.0")


# --- block-scalar operations -------------------------------------------------------------------

def scalar(op: str, a: Expr, constant: float, spelling: str) -> Expr:
    """``a * s``, ``s * a``, ``a + s``, ``s - a`` or ``a / s``; ``spelling`` is how the program
    names ``s`` (a literal, a module constant or a captured factory argument)."""
    c = constant

    def evaluate(xs, units):
        va, ea = a.evaluate(xs, units)
        if op in ("scale", "rscale"):
            return va * c, _rounded(va * c, abs(c) * ea, units.dest)
        if op == "shift":
            return va + c, ea + units.dest * (np.abs(va) + abs(c) + ea)
        if op == "rsub":
            return c - va, ea + units.dest * (np.abs(va) + abs(c) + ea)
        inverse = float(np.float32(1.0 / c))  # div_unary_tile multiplies by 1/s as an f32
        error = abs(inverse) * ea + np.abs(va) * abs(inverse - 1.0 / c)
        return va / c, _rounded(va * inverse, error, units.dest)

    text = {"scale": f"({a.text} * {spelling})", "rscale": f"({spelling} * {a.text})",
            "shift": f"({a.text} + {spelling})", "rsub": f"({spelling} - {a.text})",
            "divide": f"({a.text} / {spelling})"}[op]
    magnitude = {"scale": a.magnitude * abs(c), "rscale": a.magnitude * abs(c),
                 "divide": a.magnitude / abs(c)}.get(op, a.magnitude + abs(c))
    return Expr(text, evaluate, a.registers, magnitude)


# --- the random draw ---------------------------------------------------------------------------

CONSTANTS = (0.5, 2.0, -1.5, 0.25, 3.0, 0.1, 1.0, -0.75)
MAGNITUDE_LIMIT = 1e4  # keeps values finite and bounds meaningful in bfloat16


@dataclasses.dataclass(frozen=True)
class Grammar:
    """What an expression may contain: its leaves (each an ``Expr``), the functions, and how a
    scalar is spelled (``spell(value) -> text``)."""

    leaves: tuple[Expr, ...]
    spell: Callable[[float], str] = repr
    functions: bool = True  # SFPU functions, division, comparisons and where
    fill: Callable[[float], Expr] | None = None


def expression(rng: random.Random, grammar: Grammar, depth: int, top: bool = True) -> Expr:
    """A tree of at most ``depth`` operations; the root is a binary one."""
    if depth == 0 or (not top and rng.random() < 0.15):
        if grammar.fill is not None and rng.random() < 0.1:
            return grammar.fill(rng.choice(CONSTANTS))
        return rng.choice(grammar.leaves)
    below = lambda: expression(rng, grammar, depth - 1, False)  # noqa: E731
    if not top and rng.random() < 0.35:
        return _unary(rng, grammar, below())
    if grammar.functions and rng.random() < 0.12:
        choice = rng.random()
        if choice < 0.4:
            return divide(below(), positive(below()))
        if choice < 0.7:
            return compare(rng.choice(sorted(COMPARISONS)), below(), below())
        return where(compare(rng.choice(sorted(COMPARISONS)), below(), below()), below(), below())
    op = rng.choice(["+", "-", "*", "+", "*", "max", "min"])
    a, b = below(), below()
    if op in ("max", "min"):
        return extremum(op, a, b)
    return mul(a, b) if op == "*" else add(a, b, 1 if op == "+" else -1)


def _unary(rng: random.Random, grammar: Grammar, a: Expr) -> Expr:
    roll = rng.random()
    if roll < 0.35:
        return SELECTIONS[rng.choice(sorted(SELECTIONS))](a)
    if roll < 0.7 or not grammar.functions:
        op = rng.choice(["scale", "rscale", "shift", "rsub", "divide"])
        constant = rng.choice(CONSTANTS)
        return scalar(op, a, constant, grammar.spell(constant))
    function = SMOOTH[rng.choice(sorted(SMOOTH))]
    return function(positive(a) if function.positive else a)


def draw_expression(rng: random.Random, grammar: Grammar, registers: int, depth: tuple[int, int]) -> Expr:
    """An expression that fits ``registers`` DEST registers and the magnitude limit."""
    while True:
        candidate = expression(rng, grammar, rng.randint(*depth))
        if candidate.registers <= registers and candidate.magnitude <= MAGNITUDE_LIMIT:
            return candidate
