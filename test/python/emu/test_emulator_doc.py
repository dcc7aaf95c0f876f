"""docs/emulator.md's example runs as shown and computes 1 + 2 on the emulated device."""

from doc_snippets import python_snippets, run_snippet


def test_emulator_doc_example_runs(tmp_path, capsys):
    snippet = python_snippets("docs/emulator.md")[0]
    run_snippet(snippet, tmp_path / "emulator_doc.py")
    out = capsys.readouterr().out
    assert "ran on the emulated device (an emulated result, not hardware)" in out
    assert "[3 3 3 3]" in out
