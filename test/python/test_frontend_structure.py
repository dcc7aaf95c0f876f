"""The frontend's shape: every frontend module imports on its own, the package's import graph
has no cycle, and TTL IR text is spelled only by the builder module (``ttlang/ir_text.py``)."""

from __future__ import annotations

import ast
import pathlib
import re
import subprocess
import sys

import pytest
from import_graph import PACKAGE, cycle, import_graph, sources
from source_scan import string_constants

import ttlang as ttl

FRONTEND = PACKAGE / "frontend"
BUILDER = PACKAGE / "ir_text.py"


def test_the_frontend_import_graph_is_acyclic():
    graph = import_graph()
    frontend = {name: deps for name, deps in graph.items() if name.startswith("ttlang.frontend")}
    assert cycle(frontend) is None, f"import cycle: {' -> '.join(cycle(frontend))}"


def test_the_cycle_finder_finds_acycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_the_import_finder_sees_imports_inside_functions():
    graph = import_graph()
    # operation.py imports the runtime only inside functions (kept out of `import ttlang`).
    assert "ttlang.runtime.dispatch" in graph["ttlang.frontend.operation"]


@pytest.mark.parametrize("module", sorted(n for n in sources() if n.startswith("ttlang.frontend")))
def test_each_frontend_module_imports_in_a_fresh_interpreter(module):
    result = subprocess.run(
        [sys.executable, "-c", f"import {module}"], capture_output=True, text=True,
        env={"PYTHONPATH": str(PACKAGE.parent)}, check=False,
    )
    assert result.returncode == 0, result.stderr


# IR spellings no module but the builder writes: dialect prefixes of types / attributes / ops,
# locations, op names that are not also user-facing API names (``ttl.call_extern_func``,
# ``ttl.raw_addr`` and ``ttl.node`` appear in error messages), and the scalar types of an op's
# signature.
_IR_SPELLINGS = re.compile(
    r"#ttl\.|!ttl\.|#ttnn\.|\barith\.|\bscf\.|\bfunc\.(func|return)|ttnn\.generic|\bloc\(|"
    r"tensor<|\bttl\.(create_dfb|reserve|wait|push|pop|store|load_tiles|store_tiles|thread|"
    r"kernels|dfb_template|dfb_effect|dispatch_condition)\b|: (index|i1|i32|i64|ui32|f32)\b"
)


def _string_parts(tree: ast.Module) -> list[tuple[int, str]]:
    return [(node.lineno, node.value) for node in string_constants(tree)]


def _ir_writers() -> list[pathlib.Path]:
    return [*sorted(FRONTEND.glob("*.py")), PACKAGE / "opmodel" / "ttl_operation.py"]


def test_only_the_builder_spells_ir():
    found = []
    for path in _ir_writers():
        if path == BUILDER:
            continue
        for line, text in _string_parts(ast.parse(path.read_text())):
            if _IR_SPELLINGS.search(text):
                found.append(f"{path.relative_to(PACKAGE)}:{line}: {text!r}")
    assert not found, "IR text outside ttlang/ir_text.py:\n" + "\n".join(found)


def test_the_spelling_check_sees_the_builders_spellings():
    # Guards the pattern: the builder's own strings match it (a pattern that matched nothing
    # would pass the test above vacuously).
    texts = [t for _, t in _string_parts(ast.parse(BUILDER.read_text()))]
    for spelling in ("#ttl.", "!ttl.", "arith.", "scf.", "ttl.create_dfb", "loc(", "ttl.thread"):
        assert any(spelling in t and _IR_SPELLINGS.search(t) for t in texts), spelling
