"""MLIR contexts with every ttlang dialect registered, and pass-pipeline helpers."""

from __future__ import annotations

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


def parse_module(source: str, context: ir.Context | None = None) -> ir.Module:
    """Parses textual IR in `context` (a new ttlang context when omitted)."""
    context = context or create_context()
    return ir.Module.parse(source, context)


def run_pipeline(module: ir.Module, pipeline: str) -> ir.Module:
    """Runs a textual pass pipeline (e.g. ``builtin.module(ttl-assign-dfb-indices)``) in place."""
    pm = passmanager.PassManager.parse(pipeline, module.context)
    pm.run(module.operation)
    return module
