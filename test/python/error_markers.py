"""Invalid test programs mark the line their error must name with a trailing ``# E:<case>``."""

from __future__ import annotations

import pathlib


def marker_line(source: pathlib.Path, case: str) -> int:
    """The 1-based line of `source` that ends with ``# E:<case>``."""
    for number, text in enumerate(source.read_text().splitlines(), start=1):
        if text.rstrip().endswith(f"# E:{case}"):
            return number
    raise AssertionError(f"no marker for {case}")
