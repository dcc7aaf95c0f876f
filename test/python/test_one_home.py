"""Rules and constants with one home stay there: a second definition elsewhere fails here.

- The kernel kinds' IR spellings (``compute``, ``data_movement``, also the canonical kernel
  names) are defined by the dialect's ``TTL_KernelKind`` (``TTLAttrs.td``) and reach Python
  only through ``ttlang.artifact.KernelKind.ir_name`` / ``from_ir_name`` and
  ``CANONICAL_KERNEL_NAMES``: no module spells them as string constants.
"""

from __future__ import annotations

import ast
import pathlib

import ttlang as ttl
from ttlang.artifact import CANONICAL_KERNEL_NAMES, KernelKind
from ttlang.dialects import _ttl_enum_gen

PACKAGE = pathlib.Path(ttl.__file__).resolve().parent
KIND_SPELLINGS = {"data_movement"}  # "compute" is also a ProcessorRole and a decorator name


def _modules() -> list[pathlib.Path]:
    return [
        path for path in PACKAGE.rglob("*.py")
        if "__pycache__" not in path.parts and not path.name.endswith("_gen.py")
    ]


def test_no_module_spells_a_kernel_kind_as_a_string_constant():
    found = []
    for path in _modules():
        tree = ast.parse(path.read_text())
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and node.value in KIND_SPELLINGS
                    and id(node) not in docstrings):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert not found, f"kernel-kind spellings outside ttlang.artifact.KernelKind: {found}"


def test_kernel_kind_spellings_are_the_dialects():
    assert {kind.ir_name for kind in (KernelKind.COMPUTE, KernelKind.DATA_MOVEMENT)} == {
        str(k) for k in _ttl_enum_gen.KernelKind
    }
    assert CANONICAL_KERNEL_NAMES == ("compute", "data_movement")
    assert KernelKind.from_ir_name("data_movement") is KernelKind.DATA_MOVEMENT
