"""Every ```python snippet of docs/external-functions.md after the signature runs (each is a
complete program with its own assertions)."""

import pytest
from doc_snippets import python_snippets, run_snippet

SNIPPETS = [s for s in python_snippets("docs/external-functions.md") if "import ttlang" in s]


def test_doc_has_snippets():
    assert len(SNIPPETS) >= 4


@pytest.mark.parametrize("index", range(len(SNIPPETS)))
def test_snippet_runs(index, tmp_path):
    run_snippet(SNIPPETS[index], tmp_path / f"snippet_{index}.py")
