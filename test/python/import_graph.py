"""The ttlang package's import graph, read from the sources (no import runs): which ttlang
modules each module imports, at module level or inside functions, and optionally under
``if TYPE_CHECKING:`` too. Shared by the frontend structure and the Python layering tests."""

from __future__ import annotations

import ast
import pathlib

import ttlang

PACKAGE = pathlib.Path(ttlang.__file__).resolve().parent


def module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources() -> dict[str, pathlib.Path]:
    return {
        module_name(path): path
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


def imports(name: str, path: pathlib.Path, modules: set[str], type_checking: bool = False) -> set[str]:
    """The ttlang modules ``name`` imports anywhere (module level or inside functions; under
    ``if TYPE_CHECKING:`` too when ``type_checking``)."""
    tree = ast.parse(path.read_text())
    skipped = set() if type_checking else _type_checking_blocks(tree)
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


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
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


def import_graph(type_checking: bool = False) -> dict[str, set[str]]:
    found = sources()
    modules = set(found)
    # A package's __init__ importing its submodules is not a cycle of the submodules.
    return {
        name: {
            t for t in imports(name, path, modules, type_checking) if not name.startswith(t + ".")
        }
        for name, path in found.items()
    }
