"""What the frontend compiler reads of a registered operation: its parsed body and identity.

:class:`~ttlang.frontend.operation.Operation` implements it. The compiler recognizes a call of
another operation (composition) by this type, so the compiler never imports the module that
imports it (no import cycle: ``test_frontend_structure.py``).
"""

from __future__ import annotations

import ast
from typing import Any, Callable


class OperationSource:
    """The parsed source of an operation: ``tree`` (its ``def``), where it is (``filename``,
    ``line_offset`` / ``col_offset`` of the ``def`` in the file), the names it may read
    (``closure``, ``fn.__globals__``) and the options that reach the IR."""

    fn: Callable[..., Any]
    name: str
    symbol: str
    operation_id: str
    filename: str
    line_offset: int
    col_offset: int
    tree: ast.FunctionDef
    closure: dict[str, Any]
    runtime_resource_factory: Callable[..., Any] | None
    fp32_dest_acc_en: bool | None

    def grid_for(self, target: str, default_grid: tuple[int, int] | None = None) -> tuple[int, int]:
        """The (cols, rows) grid the operation runs on when compiled for ``target``."""
        raise NotImplementedError
