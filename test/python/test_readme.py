"""The README's first operation runs as shown: compile, kernels, a compile-only dispatch, and
the same operation on the emulated device."""

from doc_snippets import python_snippets, run_snippet


def test_readme_operation_compiles_dispatches_and_runs_emulated(tmp_path, capsys):
    first, emulated = python_snippets("README.md")
    run_snippet(first + emulated, tmp_path / "readme_snippet.py")
    out = capsys.readouterr().out
    assert "void kernel_main()" in out
    assert "compile-only (no device: nothing was executed), cache miss" in out
    assert "[3. 3. 3. 3.]" in out
