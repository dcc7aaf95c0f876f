"""Rules and constants with one home stay there: a second definition elsewhere fails here.

- The kernel kinds' IR spellings (``compute``, ``data_movement``, also the canonical kernel
  names) are defined by the dialect's ``TTL_KernelKind`` (``TTLAttrs.td``) and reach Python
  only through ``ttlang.artifact.KernelKind.ir_name`` / ``from_ir_name`` and
  ``CANONICAL_KERNEL_NAMES``: no module spells them as string constants.
- The tile geometry (32x32 tiles of 16x16 faces) is defined by ``include/ttl/TileGeometry.h``;
  C++ names it from there and Python reads it from the extensions (``TILE_SIDE``,
  ``FACE_SIDE``): no other source defines a tile or face constant from a number.
"""

from __future__ import annotations

import ast
import pathlib
import re

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


ROOT = pathlib.Path(__file__).resolve().parents[2]
TILE_GEOMETRY_HOME = ROOT / "include/ttl/TileGeometry.h"
# A tile or face constant given a number (`kTileDim = 32`, `TILE = 32`), or tile bytes
# (`kTileBytes = 2048`, `TILE_BYTES = {"bfloat16": 2048, ...}`).
TILE_CONSTANT_FROM_A_NUMBER = (
    re.compile(r"\b(?:k?(?:Tile|Face)(?:Dim|Side|Size|Elements|Elems)?|(?:TILE|FACE)(?:_(?:SIZE|SIDE|DIM))?)\s*=\s*\d"),
    re.compile(r"\w*(?:TileBytes|TILE_BYTES)\w*\s*(?::[^=\n]*)?=\s*(?:\{[^}]*?\d{3,}|\d)"),
)


def _sources_with_tile_geometry() -> list[pathlib.Path]:
    roots = [ROOT / "include", ROOT / "lib", ROOT / "python/ext", ROOT / "test/unit", PACKAGE]
    return [
        path
        for root in roots
        for path in root.rglob("*")
        if path.suffix in {".h", ".cpp", ".py"} and path != TILE_GEOMETRY_HOME
        and "__pycache__" not in path.parts and not path.name.endswith("_gen.py")
    ]


def test_tile_geometry_is_defined_once():
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0).strip()}"
        for path in _sources_with_tile_geometry()
        for pattern in TILE_CONSTANT_FROM_A_NUMBER
        for match in pattern.finditer(path.read_text())
    ]
    assert not found, "tile geometry defined outside include/ttl/TileGeometry.h:\n" + "\n".join(found)


def test_tile_geometry_reaches_python_from_the_header():
    from ttlang import _ttlang
    from ttlang.emu import _emu

    header = TILE_GEOMETRY_HOME.read_text()
    side = int(re.search(r"kSide = (\d+);", header).group(1))
    face = int(re.search(r"kFaceSide = (\d+);", header).group(1))
    assert (_ttlang.TILE_SIDE, _ttlang.FACE_SIDE) == (_emu.TILE_SIDE, _emu.FACE_SIDE) == (side, face)
