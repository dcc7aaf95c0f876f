"""Per-thread MLIR state reused across compilations, and diagnostic mapping.

Creating a context and parsing a pass pipeline dominate a cold compile, so each thread keeps
one context and one parsed pipeline per target. Nothing here affects results: a compilation
reads no state another compilation wrote, so compiles are reentrant and deterministic.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field

from mlir import ir, passmanager

from ttlang import _ttlang, backend
from ttlang.backend import BackendOutput
from ttlang.errors import CompilerError
from ttlang.frontend.compile_cache import CompileCache


@dataclass
class _State:
    context: ir.Context
    pipelines: dict[str, passmanager.PassManager] = field(default_factory=dict)


_local = threading.local()


def _state() -> _State:
    state = getattr(_local, "state", None)
    if state is None:
        # Only the ttlang dialects, no thread pool: a Python `ir.Context()` would also load
        # every upstream dialect and start threads, which a small compile never repays.
        context = ir.Context._CAPICreate(_ttlang.create_compile_context_capsule())
        # Users see their Python line, not the op's generic form.
        _ttlang.set_print_op_on_diagnostic(context, False)
        state = _State(context)
        _local.state = state
    return state


def pipeline_text(target: str) -> str:
    """The one pipeline (registered in C++ as ``ttl-compile-operation``)."""
    return f"builtin.module(ttl-compile-operation{{target={target}}})"


@dataclass(frozen=True)
class KernelFunction:
    """One kernel function of the compiled module."""

    symbol: str
    kind: str
    name: str
    operation_id: str


@dataclass(frozen=True)
class CompiledModule:
    ir: str
    kernels: tuple[KernelFunction, ...]
    # TT-Metal kernel descriptors (C++ sources and records) from the backend pipeline.
    backend: BackendOutput | None = None


def compile_module(text: str, target: str, cache: CompileCache | None = None) -> CompiledModule:
    """Parses TTL IR, runs the pipeline and returns the final IR (with locations) and the
    kernel functions. Raises :class:`CompilerError` at the Python location of the first error
    diagnostic. With ``cache``, a compilation stored there by any process is returned without
    running anything (no MLIR context is created), and a new one is stored."""
    if cache is not None:
        stored = cache.load(text, target)
        if stored is not None:
            return stored
    compiled = _compile(text, target)
    if cache is not None:
        cache.store(text, target, compiled)
    return compiled


def _compile(text: str, target: str) -> CompiledModule:
    state = _state()
    with state.context:
        try:
            module = ir.Module.parse(text)
        except ir.MLIRError as err:
            raise _compiler_error(err) from None
        pm = state.pipelines.get(target)
        if pm is None:
            pm = passmanager.PassManager.parse(pipeline_text(target))
            state.pipelines[target] = pm
        try:
            pm.run(module.operation)
        except ir.MLIRError as err:
            raise _compiler_error(err) from None
        kernels = [
            KernelFunction(attrs["sym_name"], *attrs["ttl.kernel"])
            for _, attrs in _ttlang.top_level_records(module, ["sym_name", "ttl.kernel"])
            if "ttl.kernel" in attrs
        ]
        text = module.operation.get_asm(enable_debug_info=True)
        try:
            lowered = backend.lower_module(module)
        except ir.MLIRError as err:
            raise _compiler_error(err) from None
        return CompiledModule(text, tuple(kernels), lowered)


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


def _compiler_error(err: ir.MLIRError) -> CompilerError:
    diagnostics = getattr(err, "error_diagnostics", None) or []
    if not diagnostics:
        return CompilerError(str(err))
    first = diagnostics[0]
    file, line, col = _location(first.location)
    notes = []
    for note in first.notes:
        nfile, nline, _ = _location(note.location)
        where = f"{nfile}:{nline}: " if nfile else ""
        notes.append(f"{where}{note.message}")
    return CompilerError(first.message, file, line, col, tuple(notes))
