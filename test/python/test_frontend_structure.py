"""The frontend's shape: every frontend module imports on its own, the package's import graph
has no cycle, and TTL IR text is spelled only by the builder module (``frontend/ir.py``)."""

from __future__ import annotations

import ast
import pathlib
import re
import subprocess
import sys

import pytest
from source_scan import string_constants

import ttlang as ttl

PACKAGE = pathlib.Path(ttl.__file__).resolve().parent
FRONTEND = PACKAGE / "frontend"
BUILDER = FRONTEND / "ir.py"


def _module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _sources() -> dict[str, pathlib.Path]:
    return {
        _module_name(path): path
        for path in PACKAGE.rglob("*.py")
        if "__pycache__" not in path.parts and not path.name.endswith("_gen.py")
    }


def _type_checking_blocks(tree: ast.Module) -> set[int]:
    """ids of import nodes under ``if TYPE_CHECKING:`` (never executed)."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            skipped.update(id(child) for child in ast.walk(node))
    return skipped


def _imports(name: str, path: pathlib.Path, modules: set[str]) -> set[str]:
    """The ttlang modules ``name`` imports anywhere (module level or inside functions)."""
    tree = ast.parse(path.read_text())
    skipped = _type_checking_blocks(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            # `from pkg import module` imports the submodule.
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def _graph() -> dict[str, set[str]]:
    sources = _sources()
    modules = set(sources)
    # A package's __init__ importing its submodules is not a cycle of the submodules.
    return {
        name: {t for t in _imports(name, path, modules) if not name.startswith(t + ".")}
        for name, path in sources.items()
    }


def test_the_frontend_import_graph_is_acyclic():
    graph = _graph()
    frontend = {name: deps for name, deps in graph.items() if name.startswith("ttlang.frontend")}
    assert _cycle(frontend) is None, f"import cycle: {' -> '.join(_cycle(frontend))}"


def test_the_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_import_finder_sees_imports_inside_functions():
    graph = _graph()
    # operation.py imports the runtime only inside functions (kept out of `import ttlang`).
    assert "ttlang.runtime.dispatch" in graph["ttlang.frontend.operation"]


@pytest.mark.parametrize("module", sorted(n for n in _sources() if n.startswith("ttlang.frontend")))
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
    assert not found, "IR text outside frontend/ir.py:\n" + "\n".join(found)


def test_the_spelling_check_sees_the_builders_spellings():
    # Guards the pattern: the builder's own strings match it (a pattern that matched nothing
    # would pass the test above vacuously).
    texts = [t for _, t in _string_parts(ast.parse(BUILDER.read_text()))]
    for spelling in ("#ttl.", "!ttl.", "arith.", "scf.", "ttl.create_dfb", "loc(", "ttl.thread"):
        assert any(spelling in t and _IR_SPELLINGS.search(t) for t in texts), spelling
