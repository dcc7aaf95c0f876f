"""The README's first operation runs as shown: compile, kernels, and a compile-only dispatch."""

import pathlib
import re
import runpy

README = pathlib.Path(__file__).parents[2] / "README.md"


def test_readme_operation_compiles_and_dispatches(tmp_path, capsys):
    (snippet,) = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    # A file, not exec(): the frontend reads the operation's source.
    path = tmp_path / "readme_snippet.py"
    path.write_text(snippet)
    runpy.run_path(str(path), run_name="__main__")
    out = capsys.readouterr().out
    assert "void kernel_main()" in out
    assert "compile-only (no device: nothing was executed), cache miss" in out
