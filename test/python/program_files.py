"""Loading a TT-Lang program file as a module, the way its user runs it: from a file, because the
frontend reads each operation's source."""

from __future__ import annotations

import importlib.util
import pathlib
from types import ModuleType


def load_module(path: pathlib.Path, name: str | None = None) -> ModuleType:
    """Executes the Python file `path` as a module called `name` (default: the file's stem)."""
    spec = importlib.util.spec_from_file_location(name or path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
