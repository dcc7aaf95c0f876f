"""Per-thread MLIR state reused across compilations, the one pipeline, and diagnostic mapping.

A compilation runs ``ttl-to-metal{target=...}`` (registered in C++: ``ttl-compile-operation``
followed by ``ttl-backend-pipeline``) in one pass manager. Creating a context and parsing a
pipeline cost more than running it on a small module, so each thread keeps one context (shared
with the check of the records, ``mlir_context.thread_compile_context``) and one
parsed pass manager per (pipeline, target). Nothing here affects results: a compilation reads no
state another compilation wrote, so compiles are reentrant and deterministic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mlir import ir

from ttlang import _ttlang, backend
from ttlang.backend import BackendOutput
from ttlang.errors import CompilerError, FrontendError, TTLangError
from ttlang.frontend.compile_cache import CompileCache
from ttlang.mlir_context import run_pipeline, thread_compile_context

# The whole pipeline, TTL operations -> TT-Metal kernels, and its first half (TTL kernel
# functions), which only CompiledOperation.ir needs.
TTL_TO_METAL = "ttl-to-metal"
KERNEL_FUNCTIONS = "ttl-compile-operation"
# Whether a compilation verifies the IR after every pass (ttlang-opt's default) or only its
# input and its result.
VERIFY_EACH_PASS = False


def pipeline_text(target: str, pipeline: str = TTL_TO_METAL) -> str:
    """The textual pass pipeline (``ttlang-opt --pass-pipeline=...`` runs the same)."""
    return f"builtin.module({pipeline}{{target={target}}})"


@dataclass(frozen=True)
class KernelFunction:
    """One kernel function of the compiled module."""

    symbol: str
    kind: str
    name: str
    operation_id: str


@dataclass(frozen=True)
class KernelIR:
    """The TTL IR after ``ttl-compile-operation``: one function per logical kernel."""

    ir: str
    kernels: tuple[KernelFunction, ...]


def compile_module(text: str, target: str, cache: CompileCache | None = None) -> BackendOutput:
    """Parses the frontend's TTL IR, runs ``ttl-to-metal{target}`` and returns the TT-Metal
    kernels with their records. Raises, at the Python location of the first error diagnostic,
    :class:`FrontendError` when an op's verifier rejects the IR and :class:`CompilerError` when a
    pass does. With ``cache``, a compilation stored there by any process is returned
    without running anything (no MLIR context is created), and a new one is stored."""
    if cache is not None:
        stored = cache.load(text, target)
        if stored is not None:
            return stored
    with thread_compile_context():
        compiled = backend.collect_kernels(_run(text, TTL_TO_METAL, target))
    if cache is not None:
        cache.store(text, target, compiled)
    return compiled


def kernel_ir(text: str, target: str) -> KernelIR:
    """The final TTL IR (with locations) and kernel functions of the frontend's IR ``text``: the
    first half of the pipeline ``compile_module`` runs, for inspection."""
    with thread_compile_context():
        module = _run(text, KERNEL_FUNCTIONS, target)
        kernels = tuple(
            KernelFunction(attrs["sym_name"], *attrs["ttl.kernel"])
            for _, attrs in _ttlang.top_level_records(module, ["sym_name", "ttl.kernel"])
            if "ttl.kernel" in attrs
        )
        return KernelIR(module.operation.get_asm(enable_debug_info=True), kernels)


def _run(text: str, pipeline: str, target: str) -> ir.Module:
    """Parses ``text`` in the thread's context (entered by the caller) and runs ``pipeline``."""
    try:
        # Parsing verifies every op: a verifier's diagnostic is a language rule the source
        # breaks at that op's line (the dialect's verifiers are the rules' one home), so it is
        # a FrontendError like the ones the frontend raises itself.
        module = ir.Module.parse(text)
    except ir.MLIRError as err:
        raise _error(err, FrontendError) from None
    try:
        # The user's IR was verified when parsed and the result is verified at the end; the
        # passes' verification after each pass (a fifth of a compile) is for ttlang-opt and the
        # lit tests, which check every pass (docs/architecture.md, "Verification").
        run_pipeline(module, pipeline_text(target, pipeline), verify_each=VERIFY_EACH_PASS)
    except ir.MLIRError as err:
        raise _error(err, CompilerError) from None
    return module


_FILE_LOC = re.compile(r'loc\("((?:[^"\\]|\\.)*)":(\d+):(\d+)')


def _unescape(text: str) -> str:
    return re.sub(
        r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), text
    ).replace('\\"', '"').replace("\\\\", "\\")


def _location(loc: ir.Location) -> tuple[str | None, int | None, int | None]:
    match = _FILE_LOC.search(str(loc))
    if not match:
        return None, None, None
    return _unescape(match.group(1)), int(match.group(2)), int(match.group(3))


def _error(err: ir.MLIRError, kind: type[TTLangError]) -> TTLangError:
    diagnostics = getattr(err, "error_diagnostics", None) or []
    if not diagnostics:
        return kind(str(err))
    first = diagnostics[0]
    file, line, col = _location(first.location)
    notes = []
    for note in first.notes:
        nfile, nline, _ = _location(note.location)
        where = f"{nfile}:{nline}: " if nfile else ""
        notes.append(f"{where}{note.message}")
    return kind(first.message, file, line, col, tuple(notes))
