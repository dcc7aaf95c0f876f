"""Every ```python snippet of docs/language.md runs (each is a complete program)."""

import pytest
from doc_snippets import python_snippets, run_snippet

SNIPPETS = python_snippets("docs/language.md")


def test_doc_has_snippets():
    assert len(SNIPPETS) >= 5


@pytest.mark.parametrize("index", range(len(SNIPPETS)))
def test_snippet_runs(index, tmp_path):
    run_snippet(SNIPPETS[index], tmp_path / f"snippet_{index}.py")
