"""Where ttlang keeps its on-disk caches: ``$XDG_CACHE_HOME/ttlang`` (``~/.cache/ttlang`` when
``XDG_CACHE_HOME`` is unset), one folder per cache (``compile``, ``emu``)."""

from __future__ import annotations

import os
import pathlib


def cache_root() -> pathlib.Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return pathlib.Path(base) / "ttlang"
