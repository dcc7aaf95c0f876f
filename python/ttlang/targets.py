"""The compile targets: their names and the default, read from the C++ target table
(``ttl/Targets.h``, its one home) through the extension."""

from __future__ import annotations

from ttlang import _ttlang

# The target compiled for when none is named (the table's first row: Wormhole).
DEFAULT_TARGET: str = _ttlang.DEFAULT_TARGET
TARGETS: tuple[str, ...] = tuple(_ttlang.targets())
