"""Rules and constants with one home stay there: a second definition elsewhere fails here.

- The kernel kinds' IR spellings (``compute``, ``data_movement``, also the canonical kernel
  names) are defined by the dialect's ``TTL_KernelKind`` (``TTLAttrs.td``) and reach Python
  only through ``ttlang.artifact.KernelKind.ir_name`` / ``from_ir_name`` and
  ``CANONICAL_KERNEL_NAMES``: no module spells them as string constants.
- The tile geometry (32x32 tiles of 16x16 faces) is defined by ``include/ttl/TileGeometry.h``;
  C++ names it from there and Python reads it from the extensions (``TILE_SIDE``,
  ``FACE_SIDE``): no other source defines a tile or face constant from a number.
- The target table (grids, L1 and its reserved bytes, banks, circular buffers) is
  ``include/ttl/Targets.h``, viewed by the TTL passes, the op model and the emulated device,
  and read by Python through ``ttlang._ttlang.targets()``: its sizes appear in no other source.
"""

from __future__ import annotations

import ast
import pathlib
import re

from source_scan import string_constants

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
        for node in string_constants(ast.parse(path.read_text())):
            if node.value in KIND_SPELLINGS:
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
    # (= 0 is no tile: a default meaning "none", e.g. a matmul without a fused bias)
    re.compile(r"\w*(?:TileBytes|TILE_BYTES)\w*\s*(?::[^=\n]*)?=\s*(?:\{[^}]*?\d{3,}|[1-9])"),
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


def test_python_divides_by_no_literal_tile_side():
    """Tiles covering a shape: ``-(-n // TILE_SIDE)``, never ``// 32``."""
    found = [
        f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, match.start()) + 1}"
        for path in _sources_with_tile_geometry() if path.suffix == ".py"
        for text in [path.read_text()]
        for match in re.finditer(r"//\s*32\b", text)
    ]
    assert not found, f"tile side as a literal: {found}"


def test_tile_geometry_reaches_python_from_the_header():
    from ttlang import _ttlang
    from ttlang.emu import _emu

    header = TILE_GEOMETRY_HOME.read_text()
    side = int(re.search(r"kSide = (\d+);", header).group(1))
    face = int(re.search(r"kFaceSide = (\d+);", header).group(1))
    assert (_ttlang.TILE_SIDE, _ttlang.FACE_SIDE) == (_emu.TILE_SIDE, _emu.FACE_SIDE) == (side, face)
# --- the dialect's verifiers are the one home of the op rules -----------------------------------
# The extern, DFB and block-shape rules live in the op verifiers (lib/Dialect/TTL/IR); the
# frontend turns Python into ops and lets the verifiers report, at the op's Python location.
VERIFIERS = sorted((ROOT / "lib" / "Dialect" / "TTL" / "IR").glob("*.cpp"))
# How the frontend phrased its copies of verifier rules before they were removed: none of these
# may come back (a re-implementation would likely reuse the wording).
FORMER_COPIES = (
    "supported in data-movement kernels only",   # CallExternFuncOp: tensors in compute kernels
    "tiled bf16 and f32 tensors only",           # CallExternFuncOp: TensorAccessor layouts
    "a condition_result call cannot",            # CallExternFuncOp: dispatch-condition calls
    "exceeds the DFB capacity",                  # CallExternFuncOp: effect capacity
    "tile count must be positive",               # CallExternFuncOp: effect tile counts
    "names a dimension twice",                   # broadcast / reduce dims
    "tile rows in the input",                    # BroadcastOp shapes
    "tile columns in the input",
    "must have the input's element type",        # reduce scaler
    "not shape=",                                # reduce result shape
    "must equal the right block's",              # MatmulOp inner dimensions
    "element types must match",                  # MatmulOp element types
    "the shapes in tiles differ",                # StoreOp shapes
)


def _cpp_literals(path: pathlib.Path) -> list[str]:
    """The text pieces of every ``emitOpError`` / ``emitError`` diagnostic statement: its string
    literals, adjacent ones joined (pieces between streamed values are separate)."""
    text = path.read_text()
    found = []
    for match in re.finditer(r"emit(?:Op)?Error\(", text):
        statement = text[match.start(): text.index(";", match.start())]
        for run in re.finditer(r'(?:"(?:[^"\\]|\\.)*"\s*)+', statement):
            found.append("".join(re.findall(r'"((?:[^"\\]|\\.)*)"', run.group(0))))
    return found


def _python_strings() -> list[tuple[str, str]]:
    result = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                result.append((f"{path.relative_to(PACKAGE)}:{node.lineno}", node.value))
    return result


# How runtime/layout.py phrased its copies of the kernel-record rules before the runtime checked
# artifacts through the record verifiers themselves (ttlang.backend.check_records).
FORMER_RECORD_COPIES = (
    "cannot be a compile-time argument",
    "cannot be a common runtime argument",
    "cannot be a per-core runtime argument",
    "two caller-argument slots",
    "two caller-argument-count slots",
    "a core coordinate takes 2 words",
    "caller per-core arguments must come first",
    "needs a caller-argument-count compile-time argument",
    "unpack_to_dest needs a compute kernel",
    "unpack_to_dest names a DFB twice",
    "which is not an f32 DFB",
    "not its physical index",
    "unknown DFB configuration",
)


def test_verifier_rules_are_not_reimplemented_in_python():
    # Every artifact the runtime takes, hand-built ones included, passes the record verifiers, so
    # no module is exempt (runtime/layout.py was, while it re-checked records itself).
    strings = _python_strings()
    # Long enough to be a rule's wording, not a word or a type spelling.
    messages = {m.strip() for path in VERIFIERS for m in _cpp_literals(path) if len(m.strip()) >= 24}
    assert len(messages) > 20, "found too few verifier messages: the pattern is stale"
    copies = [
        f"{where}: {fragment!r}"
        for where, text in strings
        for fragment in (*messages, *FORMER_COPIES, *FORMER_RECORD_COPIES)
        if fragment in text
    ]
    assert not copies, f"Python copies of verifier rules (their home is lib/Dialect/TTL/IR): {copies}"


def test_the_verifier_message_scan_sees_the_extern_rules():
    messages = [m for path in VERIFIERS for m in _cpp_literals(path)]
    assert any("becomes a TensorAccessor" in m for m in messages)
    assert any("must be [0], [1] or [0, 1]" in m for m in messages)
    assert any("must have the same shape in tiles" in m for m in messages)


def test_the_effect_limit_is_the_verifiers():
    # CallExternFuncOp::kMaxEffects reaches the frontend through the C API; no frontend module
    # spells it (4096 is also a page size elsewhere in the package).
    from ttlang import _ttlang

    limit = _ttlang.extern_call_max_effects()
    assert limit == 4096
    spelled = [
        f"{path.relative_to(PACKAGE)}:{node.lineno}"
        for path in sorted((PACKAGE / "frontend").glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant) and node.value == limit and not isinstance(node.value, bool)
    ]
    assert not spelled, f"the extern-call effect limit spelled in Python: {spelled}"


TARGETS_HOME = ROOT / "include/ttl/Targets.h"
# Sizes only a target table states (L1 per core, unreserved and reserved L1), and tables of
# circular-buffer counts.
TARGET_FACTS = re.compile(r"\b(?:1499136|1463968|1572864|35168)\b|CIRCULAR_BUFFERS\w*\s*=\s*(?:\{\s*\"|\d)")


def test_target_table_is_defined_once():
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in _sources_with_tile_geometry()
        if path != TARGETS_HOME and ROOT / "test" not in path.parents  # tests state expected values
        for match in TARGET_FACTS.finditer(path.read_text())
    ]
    assert not found, "target facts outside include/ttl/Targets.h:\n" + "\n".join(found)


def test_every_layer_sees_the_same_targets():
    from ttlang import _ttlang
    from ttlang.emu import _emu

    targets = _ttlang.targets()
    assert set(targets) == {"wormhole_b0", "blackhole"}
    for name, facts in targets.items():
        grid_x, grid_y, dram_banks, dram_alignment, l1_alignment, l1_size = _emu.architecture(name)
        assert (grid_x, grid_y) == facts["grid"]
        assert (dram_banks, dram_alignment, l1_alignment, l1_size) == (
            facts["dram_banks"], facts["dram_alignment"], facts["l1_alignment"], facts["l1_bytes"])
