"""The ```python snippets of the repository's Markdown documents, run as the user would run them."""

from __future__ import annotations

import pathlib
import re
import runpy

ROOT = pathlib.Path(__file__).resolve().parents[2]


def python_snippets(document: str) -> list[str]:
    """The bodies of the ```python blocks of `document` (a path relative to the repository)."""
    return re.findall(r"```python\n(.*?)```", (ROOT / document).read_text(), re.S)


def run_snippet(source: str, path: pathlib.Path) -> None:
    """Runs `source` as the script `path` (`__main__`)."""
    # A file, not exec(): the frontend reads the operation's source.
    path.write_text(source)
    runpy.run_path(str(path), run_name="__main__")
