"""Lazy access to ttnn: importing it costs ~0.8 s and prints a DEBUG line, so `import ttlang`
must not do it. Only code that builds or checks ttnn objects calls :func:`ttnn`.

Inside ``ttlang-sim`` the user's script gets a stand-in module as ``ttnn`` (:func:`shadow`;
``ttlang.sim.ttnn_api``, marked ``__ttlang_stand_in__``). The runtime still needs the real
package for its descriptor classes, so :func:`ttnn` and :func:`loaded` never return a stand-in:
behind one, :func:`ttnn` imports the real package on first use and keeps it here.
"""

from __future__ import annotations

import importlib
import sys
import threading
from types import ModuleType

# The real ttnn while a stand-in occupies sys.modules["ttnn"] (None until it is needed).
_real: ModuleType | None = None
_lock = threading.Lock()


def is_stand_in(module: ModuleType) -> bool:
    return bool(vars(module).get("__ttlang_stand_in__", False))


def ttnn() -> ModuleType:
    module = sys.modules.get("ttnn")
    if module is not None and not is_stand_in(module):
        return module
    if _real is not None:
        return _real
    if module is None:
        import ttnn as module  # noqa: PLC0415 - deliberately lazy

        return module
    return _import_behind(module)


def loaded() -> ModuleType | None:
    """ttnn if something already imported it. An object can only be a ttnn object if so."""
    module = sys.modules.get("ttnn")
    if module is not None and not is_stand_in(module):
        return module
    return _real


def shadow(stand_in: ModuleType) -> None:
    """Makes ``stand_in`` what ``import ttnn`` returns; the runtime keeps the real package."""
    global _real
    current = sys.modules.get("ttnn")
    if current is not None and not is_stand_in(current):
        _real = current
    sys.modules["ttnn"] = stand_in


def unshadow() -> None:
    """Undoes :func:`shadow`: ``import ttnn`` returns the real package again."""
    module = sys.modules.get("ttnn")
    if module is not None and is_stand_in(module):
        if _real is not None:
            sys.modules["ttnn"] = _real
        else:
            del sys.modules["ttnn"]


def _import_behind(stand_in: ModuleType) -> ModuleType:
    """Imports the real ttnn while ``stand_in`` is sys.modules["ttnn"], and keeps it."""
    global _real
    with _lock:
        if _real is None:
            # The real package (and its own `import ttnn` statements) must see itself while it
            # initializes; its submodules stay registered as ttnn.* afterwards.
            del sys.modules["ttnn"]
            quiet = _quiet_loguru()
            try:
                _real = importlib.import_module("ttnn")
            finally:
                sys.modules["ttnn"] = stand_in
                if quiet is not None:
                    quiet.enable("ttnn")
    return _real


def _quiet_loguru():  # noqa: ANN202 - loguru's logger, if installed
    """Silences ttnn's import-time DEBUG line (loguru) under the simulator: the user's script
    never imported ttnn itself."""
    try:
        from loguru import logger  # noqa: PLC0415
    except ImportError:
        return None
    logger.disable("ttnn")
    return logger
