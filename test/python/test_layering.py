"""The C++ layers point one way (docs/building.md): each layer includes only the layers below it.

dialects <- op model <- passes and conversions <- registration (InitAll) <- C API. The one
allowed back-edge is the TTNN ops' OpModel interface methods, implemented in
``lib/Dialect/TTNN/Interfaces`` on top of the op model. Checked on the ``#include`` lines, so a
new file that reaches up a layer fails here before it becomes a link cycle.
"""

from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
INCLUDE = re.compile(r'^\s*#\s*include\s+"(ttl/([A-Za-z]+)/[^"]*)"', re.MULTILINE)

# Layer of a source or header directory, and the layers it may include (besides its own).
LAYERS = {
    "Dialect": {"Dialect"},
    "OpModel": {"Dialect", "OpModel"},
    "Transforms": {"Dialect", "OpModel", "Transforms"},
    "Conversion": {"Dialect", "Transforms", "Conversion"},
    "Target": {"Dialect", "Target"},
}
INTERFACE_IMPLEMENTATIONS = ROOT / "lib/Dialect/TTNN/Interfaces"
# The OpModel interface's value types (header-only records in its method signatures).
INTERFACE_TYPES = "ttl/OpModel/OpModelTypes.h"


def _sources(layer: str) -> list[pathlib.Path]:
    files = []
    for base in (ROOT / "lib" / layer, ROOT / "include/ttl" / layer):
        files += [p for p in base.rglob("*") if p.suffix in {".cpp", ".h"}]
    return [p for p in files if INTERFACE_IMPLEMENTATIONS not in p.parents]


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_layer_includes_only_layers_below(layer: str) -> None:
    sources = _sources(layer)
    assert sources, f"no sources found for layer {layer}"
    wrong = [
        f"{path.relative_to(ROOT)} includes {match.group(1)}"
        for path in sources
        for match in INCLUDE.finditer(path.read_text())
        if match.group(2) not in LAYERS[layer] and match.group(1) != INTERFACE_TYPES
    ]
    assert not wrong, "includes pointing up a layer:\n" + "\n".join(wrong)
