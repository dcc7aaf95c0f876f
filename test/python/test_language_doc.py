"""Every ```python snippet of docs/language.md runs (each is a complete program)."""

import pathlib
import re
import runpy

import pytest

DOC = pathlib.Path(__file__).parents[2] / "docs" / "language.md"
SNIPPETS = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


def test_doc_has_snippets():
    assert len(SNIPPETS) >= 5


@pytest.mark.parametrize("index", range(len(SNIPPETS)))
def test_snippet_runs(index, tmp_path):
    # A file, not exec(): the frontend reads the operation's source.
    path = tmp_path / f"snippet_{index}.py"
    path.write_text(SNIPPETS[index])
    runpy.run_path(str(path), run_name="__main__")
