"""The compiler's state that its handler modules see: Python scopes and the module-wide thread
state (kept apart from ``compiler.py`` so that ``context.py``'s protocols name them without an
import circle)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ttlang.artifact import KernelKind
from ttlang.frontend.extern import DispatchCondition
from ttlang.targets import DEFAULT_TARGET


@dataclass
class Scope:
    """Names of one Python scope. ``region`` scopes (loop and runtime-if bodies) may not
    rebind names of enclosing scopes: that would need loop-carried / yielded values."""

    names: dict[str, Any] = field(default_factory=dict)
    parent: Scope | None = None
    region: bool = False


@dataclass
class ThreadState:
    """Module-wide state of the operation being compiled (shared with composed operations):
    which canonical kinds threads took, and the ordinal of each dispatch-condition declaration
    (by object identity, in order of first use)."""

    # The target compiled for: grid="auto" / "full" is its worker grid.
    target: str = DEFAULT_TARGET
    # The grid of grid="auto" / "full" when not the target's whole worker grid (a device's).
    default_grid: tuple[int, int] | None = None
    canonical_taken: set[KernelKind] = field(default_factory=set)
    conditions: dict[int, tuple[int, DispatchCondition]] = field(default_factory=dict)
    # The ttl.PipeNets used, by object identity: (number in the operation, net), numbered in
    # order of first use (frontend/pipes.py).
    pipe_nets: dict[int, tuple[int, Any]] = field(default_factory=dict)

    def condition_ordinal(self, condition: DispatchCondition) -> int:
        entry = self.conditions.setdefault(id(condition), (len(self.conditions), condition))
        return entry[0]
