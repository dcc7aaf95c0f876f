"""Lazy access to ttnn: importing it costs ~0.8 s and prints a DEBUG line, so `import ttlang`
must not do it. Only code that builds or checks ttnn objects calls :func:`ttnn`."""

from __future__ import annotations

import sys
from types import ModuleType


def ttnn() -> ModuleType:
    module = sys.modules.get("ttnn")
    if module is None:
        import ttnn as module  # noqa: PLC0415 - deliberately lazy
    return module


def loaded() -> ModuleType | None:
    """ttnn if something already imported it. An object can only be a ttnn object if so."""
    return sys.modules.get("ttnn")
