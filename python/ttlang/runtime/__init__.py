"""Runtime resources, program planning and dispatch of compiled TT-Lang operations.

Importing this package does not import ttnn; building descriptors does.
"""

from __future__ import annotations

from ttlang.artifact import KernelKind
from ttlang.runtime.dispatch import DispatchResult, OperationRuntime, run_operation
from ttlang.runtime.errors import (
    ArtifactError,
    CoreRangeError,
    DefineError,
    DispatchError,
    FabricBindingError,
    FabricIntervalError,
    KernelRecordError,
    KernelSelectionError,
    ResourceTypeError,
    RuntimeArgsError,
    RuntimeResourceError,
    SemaphoreError,
)
from ttlang.runtime.fabric import ControlPlane, MeshDescription
from ttlang.runtime.kernels import BoundKernel, KernelHandle
from ttlang.runtime.records import (
    CoreRuntimeArgs,
    FabricConnectionBinding,
    FabricConnectionRequirement,
    FabricManagerCall,
    FabricManagerClaim,
    FabricManagerPhase,
    KernelDefine,
    KernelRuntimeResources,
    ProgramRuntimeResources,
)

__all__ = [
    "ArtifactError", "BoundKernel", "ControlPlane", "CoreRangeError", "CoreRuntimeArgs",
    "DefineError", "DispatchError", "DispatchResult", "FabricBindingError",
    "FabricConnectionBinding", "FabricConnectionRequirement", "FabricIntervalError",
    "FabricManagerCall", "FabricManagerClaim", "FabricManagerPhase", "KernelDefine",
    "KernelHandle", "KernelKind", "KernelRecordError", "KernelRuntimeResources", "KernelSelectionError",
    "MeshDescription", "OperationRuntime", "ProgramRuntimeResources", "ResourceTypeError",
    "RuntimeArgsError", "RuntimeResourceError", "SemaphoreError",
    "run_operation",
]
