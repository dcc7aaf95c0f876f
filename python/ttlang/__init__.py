"""ttlang: a TT-Lang compiler for Tenstorrent chips, built on MLIR.

Kernel authors write ``import ttlang as ttl``. Compiler developers use
:mod:`ttlang.mlir_context` for a Context with every ttlang dialect, and the
generated op classes in :mod:`ttlang.dialects`.
"""

from __future__ import annotations

# `mlir` must be imported before the extension: the extension resolves its MLIR symbols from the
# `mlir` package's libMLIRPythonCAPI.so, so both share one MLIR in this process.
from mlir import ir as _ir  # noqa: F401

from ttlang import _ttlang
from ttlang.mlir_context import create_context, parse_module, run_pipeline
from ttlang.runtime.records import (  # runtime resource records: ttl.ProgramRuntimeResources, ...
    CoreRuntimeArgs,
    FabricConnectionBinding,
    FabricConnectionRequirement,
    FabricManagerClaim,
    KernelDefine,
    KernelRuntimeResources,
    ProgramRuntimeResources,
)

# The TT-Lang user API (`import ttlang as ttl`).
from ttlang.artifact import KernelKind
from ttlang.errors import CompilerError, FrontendError, TTLangError
from ttlang.frontend.api import (
    DFBEffect,
    block,
    call_extern_func,
    compute,
    copy,
    datamovement,
    dfb_descriptor,
    get_dfb_id,
    grid_size,
    make_dataflow_buffer_like,
    math,
    node,
    raw_addr,
)
from ttlang.frontend.extern import DispatchCondition, ScalarType
from ttlang.frontend.kernels import Kernel
from ttlang.frontend.pipes import GroupTransfer, Pipe, PipeNet
from ttlang.frontend.compile_cache import CompileCache
from ttlang.frontend.operation import CompiledOperation, KernelSpec, Operation, operation
from ttlang.tensor_spec import ShardSpec, TensorSpec

__version__ = "0.1.0"

# tt-lang 1.1's tile shape, (rows, cols) in elements (ttl/TileGeometry.h).
TILE_SHAPE: tuple[int, int] = (_ttlang.TILE_SIDE, _ttlang.TILE_SIDE)

__all__ = [
    "__version__",
    "TILE_SHAPE",
    "create_context",
    "parse_module",
    "run_pipeline",
    "KernelKind",
    "Kernel",
    "GroupTransfer",
    "Pipe",
    "PipeNet",
    "operation",
    "Operation",
    "compute",
    "datamovement",
    "make_dataflow_buffer_like",
    "copy",
    "node",
    "grid_size",
    "math",
    "block",
    "call_extern_func",
    "raw_addr",
    "dfb_descriptor",
    "get_dfb_id",
    "DFBEffect",
    "ScalarType",
    "DispatchCondition",
    "ShardSpec",
    "TensorSpec",
    "CompiledOperation",
    "CompileCache",
    "KernelSpec",
    "TTLangError",
    "FrontendError",
    "CompilerError",
    "CoreRuntimeArgs",
    "FabricConnectionBinding",
    "FabricConnectionRequirement",
    "FabricManagerClaim",
    "KernelDefine",
    "KernelRuntimeResources",
    "ProgramRuntimeResources",
]
