"""The TT-Lang builtins (``ttl.copy``, ``ttl.node``, ...).

They are markers: the frontend recognizes them while compiling an operation body. Calling
one from ordinary Python raises, because they only have meaning inside ``@ttl.operation``.
"""

from __future__ import annotations

from typing import Any, Callable


class Builtin:
    """A TT-Lang builtin function, resolved by the frontend by identity."""

    def __init__(self, name: str, doc: str) -> None:
        self.name = name
        self.__doc__ = doc

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(f"ttl.{self.name} can only be used inside a @ttl.operation body")

    def __repr__(self) -> str:
        return f"<ttl.{self.name}>"


make_dataflow_buffer_like = Builtin(
    "make_dataflow_buffer_like",
    "make_dataflow_buffer_like(tensor, shape=(rows, cols), block_count=n): a DFB of blocks of "
    "rows x cols tiles of the tensor's element type.",
)
copy = Builtin(
    "copy",
    "copy(src, dst, kernel=None): asynchronous tile copy between a tensor tile slice "
    "(t[r0:r1, c0:c1] or t[r, c]) and a block; returns a transfer with .wait().",
)
node = Builtin("node", "node(dims=2): the executing core's (col, row); dims=1: col * rows + row; dims=3: (col, row, 0).")
grid_size = Builtin("grid_size", "grid_size(dims=2): the grid's (cols, rows); dims=1: cores; dims=3: (cols, rows, 1).")


# Element-wise block functions: each is a ``ttl.<op>`` op lowered to the SFPU call ttnn
# 0.81.1 declares (docs/backend.md). ``ttl.math.<name>`` -> TTL op mnemonic.
MATH_UNARY = {
    name: name
    for name in ("exp", "relu", "sqrt", "neg", "abs", "rsqrt", "recip", "sigmoid", "tanh", "log",
                 "sin", "cos", "gelu", "silu", "square", "exp2")
}
# Two blocks. tt-lang spells the element-wise extrema ``max`` / ``min``; ``maximum`` /
# ``minimum`` (numpy's names) are accepted too.
MATH_BINARY = {
    "max": "max", "min": "min", "maximum": "max", "minimum": "min",
    "eq": "eq", "ne": "ne", "lt": "lt", "le": "le", "gt": "gt", "ge": "ge",
}
# ``pow(blk, exponent)`` (a compile-time exponent), ``where(cond, a, b)`` and
# ``matmul(a, b, *, transpose_rhs=False)`` (``a @ b``).
MATH_OTHER = ("pow", "where", "matmul")
# Block functions whose result is not element-wise over same-shaped operands
# (frontend/shape_builtins.py): both tt-lang 1.1 spellings, ``ttl.math.<name>`` and
# ``ttl.block.<name>``, name one builtin.
MATH_SHAPE = ("reduce_sum", "reduce_max", "broadcast", "fill", "transpose")
BLOCK_FUNCTIONS = ("broadcast", "fill", "transpose")
MATH_FUNCTIONS = (*MATH_UNARY, *MATH_BINARY, *MATH_OTHER, *MATH_SHAPE)


class _Math:
    """``ttl.math``: tile math on blocks."""

    def __init__(self) -> None:
        for name in MATH_FUNCTIONS:
            setattr(self, name, Builtin(f"math.{name}", f"{name} of blocks"))


math = _Math()


class _Block:
    """``ttl.block``: the tt-lang 1.1.6 spellings of fill / broadcast / transpose
    (``ttl.block.fill(value, shape=..., dtype=...)``, ``ttl.block.broadcast(x, dims=...,
    shape=...)``)."""

    def __init__(self) -> None:
        for name in BLOCK_FUNCTIONS:
            setattr(self, name, Builtin(f"block.{name}", f"{name} of blocks"))


block = _Block()


class ThreadDecorator:
    """``@ttl.compute(kernel=...)`` / ``@ttl.datamovement(kernel=...)``: marks a thread of an
    explicit multi-kernel operation. The frontend reads the decorator from the AST."""

    def __init__(self, kind_name: str) -> None:
        self.kind_name = kind_name

    def __call__(self, kernel: Any = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
            return fn

        return mark

    def __repr__(self) -> str:
        return f"<ttl.{self.kind_name}>"


compute = ThreadDecorator("compute")
datamovement = ThreadDecorator("datamovement")


# --- external C++ functions (docs/external-functions.md) --------------------------------------
call_extern_func = Builtin(
    "call_extern_func",
    "call_extern_func(header, callee, *, template_args=None, func_args=None, "
    "dfb_dependencies=None, dfb_effects=None, unknown_dfb_access=False, include_paths=None, "
    "kernel=None, result_type=None, condition_result=None, fabric_manager_effects=None): calls a "
    "C++ function declared in `header`; returns its scalar result when result_type / "
    "condition_result is given.",
)
raw_addr = Builtin("raw_addr", "raw_addr(tensor): the tensor's buffer address as a uint32_t argument.")
dfb_descriptor = Builtin(
    "dfb_descriptor", "dfb_descriptor(dfb): template argument rendered as a ttlang::DFBDescriptor type."
)
get_dfb_id = Builtin("get_dfb_id", "get_dfb_id(dfb): template argument rendered as the DFB's physical index.")


class _DFBEffect:
    """``ttl.DFBEffect``: synchronous DFB protocol actions of an external call (``dfb_effects=``).
    Their counts are static integers, so the frontend reads them from the source, not as values."""

    def __init__(self) -> None:
        for name in ("reserve", "push", "wait", "pop"):
            setattr(
                self,
                name,
                Builtin(f"DFBEffect.{name}", f"DFBEffect.{name}(dfb, tiles=n): the call {name}s n tiles"),
            )
        self.repeat = Builtin(
            "DFBEffect.repeat", "DFBEffect.repeat(count, [effects...]): the effects, count times"
        )


DFBEffect = _DFBEffect()
