"""Every ```python snippet of docs/external-functions.md after the signature runs (each is a
complete program with its own assertions)."""

import pathlib
import re
import runpy

import pytest

DOC = pathlib.Path(__file__).parents[2] / "docs" / "external-functions.md"
SNIPPETS = [s for s in re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S) if "import ttlang" in s]


def test_doc_has_snippets():
    assert len(SNIPPETS) >= 4


@pytest.mark.parametrize("index", range(len(SNIPPETS)))
def test_snippet_runs(index, tmp_path):
    path = tmp_path / f"snippet_{index}.py"
    path.write_text(SNIPPETS[index])
    runpy.run_path(str(path), run_name="__main__")
