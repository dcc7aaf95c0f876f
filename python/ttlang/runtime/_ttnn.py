"""Lazy access to ttnn: importing it costs ~0.8 s, so `import ttlang` must not do it. Only code
that builds or checks ttnn objects calls :func:`ttnn`.

Quiet start-up: ttnn's ``__init__`` logs its whole configuration at DEBUG level through loguru,
whose default handler prints DEBUG to stderr, so every user would see it on the first dispatch.
Once ttlang is imported, the first import of ttnn (ttlang's own or the user's) runs with loguru's
``ttnn`` logger disabled for the duration of that module's execution only
(:class:`_QuietTtnnImport`); loguru's configuration and ttnn's later log messages are untouched.
A script that wants the line imports ttnn before ttlang; ``print(ttnn.CONFIG)`` shows the
configuration on demand.

Inside ``ttlang-sim`` the user's script gets a stand-in module as ``ttnn`` (:func:`shadow`;
``ttlang.sim.ttnn_api``, marked ``__ttlang_stand_in__``). The runtime still needs the real
package for its descriptor classes, so :func:`ttnn` and :func:`loaded` never return a stand-in:
behind one, :func:`ttnn` imports the real package on first use and keeps it here.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.abc
import sys
import threading
from collections.abc import Iterator
from types import ModuleType

# The real ttnn while a stand-in occupies sys.modules["ttnn"] (None until it is needed).
_real: ModuleType | None = None
_lock = threading.Lock()


def is_stand_in(module: ModuleType) -> bool:
    return bool(vars(module).get("__ttlang_stand_in__", False))


def _initializing(module: ModuleType) -> bool:
    """True while some thread is still executing the module's body (it is in sys.modules already)."""
    return bool(getattr(getattr(module, "__spec__", None), "_initializing", False))


def ttnn() -> ModuleType:
    module = sys.modules.get("ttnn")
    if module is not None and not is_stand_in(module) and not _initializing(module):
        return module
    if _real is not None:
        return _real
    if module is None or not is_stand_in(module):
        # The import statement takes the module's import lock: a thread that finds another
        # thread's import under way waits for it to finish instead of using a half-built module.
        import ttnn as module  # noqa: PLC0415 - deliberately lazy

        return module
    return _import_behind(module)


def loaded() -> ModuleType | None:
    """ttnn if something already imported it (completely). An object can only be a ttnn object
    if so."""
    module = sys.modules.get("ttnn")
    if module is not None and not is_stand_in(module):
        return None if _initializing(module) else module
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
            # Quiet as any first import of ttnn (_QuietTtnnImport).
            del sys.modules["ttnn"]
            try:
                _real = importlib.import_module("ttnn")
            finally:
                sys.modules["ttnn"] = stand_in
    return _real


class _QuietTtnnImport(importlib.abc.MetaPathFinder):
    """A meta-path finder that finds nothing itself: on the first import of ``ttnn`` it asks the
    other finders for the spec and has the loader execute the package with loguru's ``ttnn``
    logger disabled, then removes itself."""

    def find_spec(self, fullname, path=None, target=None):  # noqa: ANN001, ANN201
        if fullname != "ttnn":
            return None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        _uninstall_quiet_import()
        loader = spec.loader
        execute = getattr(loader, "exec_module", None)
        if execute is None or not hasattr(loader, "__dict__"):
            return spec

        def exec_module(module: ModuleType) -> None:
            del loader.exec_module  # the loader's own method again
            with _loguru_disabled("ttnn"):
                execute(module)

        loader.exec_module = exec_module
        return spec


_quiet_import: _QuietTtnnImport | None = None


def _install_quiet_import() -> None:
    global _quiet_import
    if "ttnn" in sys.modules:
        return
    _quiet_import = _QuietTtnnImport()
    sys.meta_path.insert(0, _quiet_import)


def _uninstall_quiet_import() -> None:
    global _quiet_import
    if _quiet_import is not None:
        try:
            sys.meta_path.remove(_quiet_import)
        except ValueError:
            pass
        _quiet_import = None


@contextlib.contextmanager
def _loguru_disabled(name: str) -> Iterator[None]:
    try:
        from loguru import logger  # noqa: PLC0415
    except ImportError:
        yield
        return
    logger.disable(name)
    try:
        yield
    finally:
        logger.enable(name)


_install_quiet_import()
