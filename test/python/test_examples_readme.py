"""examples/README.md lists every example file, so the index cannot fall behind the folder."""

import pathlib

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"


def test_every_example_is_listed():
    index = (EXAMPLES / "README.md").read_text()
    missing = [p.name for p in sorted(EXAMPLES.glob("*.py")) if f"`{p.name}`" not in index]
    assert not missing, f"examples/README.md does not list: {missing}"
