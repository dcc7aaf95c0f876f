"""The README's first operation runs as shown: compile, kernels, and a compile-only dispatch."""

from doc_snippets import python_snippets, run_snippet


def test_readme_operation_compiles_and_dispatches(tmp_path, capsys):
    (snippet,) = python_snippets("README.md")
    run_snippet(snippet, tmp_path / "readme_snippet.py")
    out = capsys.readouterr().out
    assert "void kernel_main()" in out
    assert "compile-only (no device: nothing was executed), cache miss" in out
