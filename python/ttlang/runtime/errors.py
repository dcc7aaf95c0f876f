"""Errors of runtime-resource planning and dispatch.

Every rule violation raises a subclass of :class:`RuntimeResourceError` before any ttnn
descriptor is built. The subclasses classify the rule, so callers (and tests) match on the type,
never on the message text.
"""

from __future__ import annotations


class RuntimeResourceError(Exception):
    """Runtime resources, a compiled artifact or a dispatch request break a runtime rule."""


class ResourceTypeError(RuntimeResourceError, TypeError):
    """A factory result or a nested record is not of its documented record or tuple type."""


class KernelSelectionError(RuntimeResourceError):
    """A resource selects a logical kernel that is unbound, foreign, not emitted or ambiguous."""


class CoreRangeError(RuntimeResourceError):
    """A coordinate or semaphore range lies outside the worker range or outside every descriptor."""


class RuntimeArgsError(RuntimeResourceError):
    """Per-core runtime arguments repeat a coordinate or carry an invalid value."""


class SemaphoreError(RuntimeResourceError):
    """Caller semaphore ids repeat, collide with compiler ids or exceed the hardware limit."""


class DefineError(RuntimeResourceError):
    """A JIT definition has a non-string name or value, or repeats a name in one entry."""


class FabricBindingError(RuntimeResourceError):
    """External fabric claims and bindings do not match, cover or fit the control plane."""


class FabricIntervalError(FabricBindingError):
    """Two fabric-manager lifetimes of one kernel overlap on the same forwarding link."""


class ArtifactError(RuntimeResourceError):
    """The compiled artifact is inconsistent with the runtime contract (a compiler bug)."""


class KernelRecordError(ArtifactError):
    """A kernel descriptor's record breaks a rule of its attribute's C++ verifier (TTLAttrs.cpp);
    the message names the descriptor and is the verifier's."""


class DispatchError(RuntimeResourceError):
    """A dispatch request is malformed (missing or unexpected factory, wrong tensor count)."""
