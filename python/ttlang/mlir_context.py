"""MLIR contexts with every ttlang dialect registered, and pass-pipeline helpers."""

from __future__ import annotations

import threading

from mlir import ir, passmanager
from mlir._mlir_libs import _mlir

from ttlang import _ttlang

# Passes live in a process-wide registry; registering them once at import keeps
# `PassManager.parse` working for every context created later.
_ttlang.register_passes()
# Lets MLIR find `ttlang.dialects.ttl` / `.ttnn` on demand, so operations of our dialects come
# back as their generated op classes.
_mlir.globals.append_dialect_search_prefix("ttlang.dialects")


def create_context() -> ir.Context:
    """Returns a new Context with the ttl, ttnn and pipeline dialects loaded."""
    context = ir.Context()
    _ttlang.register_dialects(context)
    return context


_thread = threading.local()


def thread_compile_context() -> ir.Context:
    """This thread's context for compiling and for checking records: only the ttlang dialects
    loaded and no thread pool (a context is not shared between threads; a Python
    ``ir.Context()`` would also load every upstream dialect and start threads, which a small
    compile never repays). One per thread, so a compile and the check of its records after it
    share it."""
    context: ir.Context | None = getattr(_thread, "context", None)
    if context is None:
        context = _thread.context = ir.Context._CAPICreate(_ttlang.create_compile_context_capsule())
        # Users see their Python line, not the op's generic form.
        _ttlang.set_print_op_on_diagnostic(context, False)
    return context


def parse_module(source: str, context: ir.Context | None = None) -> ir.Module:
    """Parses textual IR in `context` (a new ttlang context when omitted)."""
    context = context or create_context()
    return ir.Module.parse(source, context)


# Parsed pass managers per thread (parsing costs more than running a pipeline on a small module,
# and a PassManager must not be shared between threads), keyed by the pipeline text and whether
# it verifies after each pass, and kept for the context they were parsed in (compared by
# identity). The frontend keeps one context per thread, so this is a hit after the first compile.
_pass_managers = threading.local()


def _pass_manager(pipeline: str, context: ir.Context, verify_each: bool) -> passmanager.PassManager:
    cache: dict[tuple[str, bool], tuple[ir.Context, passmanager.PassManager]] | None = getattr(
        _pass_managers, "by_pipeline", None)
    if cache is None:
        cache = _pass_managers.by_pipeline = {}
    entry = cache.get((pipeline, verify_each))
    if entry is None or entry[0] is not context:
        manager = passmanager.PassManager.parse(pipeline, context)
        manager.enable_verifier(verify_each)
        entry = cache[(pipeline, verify_each)] = (context, manager)
    return entry[1]


def run_pipeline(module: ir.Module, pipeline: str, verify_each: bool = True) -> ir.Module:
    """Runs a textual pass pipeline (e.g. ``builtin.module(ttl-assign-dfb-indices)``) on
    ``module`` in place, parsed once per pipeline, context and thread. Raises
    ``mlir.ir.MLIRError`` with the pipeline's diagnostics when a pass fails, or, with
    ``verify_each`` (as ``ttlang-opt`` does), when a pass leaves IR its verifiers reject.
    Without it, only the final module is verified."""
    _pass_manager(pipeline, module.context, verify_each).run(module.operation)
    if not verify_each:
        module.operation.verify()
    return module
