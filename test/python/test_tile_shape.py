"""``ttl.TILE_SHAPE`` at compile time: sizes divided by it in the operation body and in its
kernels give the same program as the literal 32 (its value, from the C++ TILE_SIDE), and the
kernels pass the real-header check. The emulated run against numpy is
emu/test_tile_shape_emulated.py."""

from __future__ import annotations

import pathlib
import re
import sys

from kernel_results import assert_pass_without_warnings

import ttlang as ttl
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "emu"))
import tile_shape_programs as programs  # noqa: E402

T = ttl.TensorSpec


def test_tile_shape_is_the_tile_of_the_compiler():
    assert ttl.TILE_SHAPE == (32, 32)


def _without_names(text: str) -> str:
    """The IR without the operation's name, its identity (a digest of its source) and source
    locations: the two programs differ in these, nothing else."""
    text = text.replace("doubles_by_tile_shape", "op").replace("doubles_by_literal_tiles", "op")
    text = re.sub(r"\.op:[0-9a-f]+", ".op:", text)
    text = re.sub(r"loc\([^)]*\)", "loc()", text)
    return re.sub(r"#loc\d*( = loc\(.*\))?", "", text)


def test_tile_shape_sizes_compile_as_the_literal_tile():
    specs = (T((64, 128)), T((64, 128)))
    with_constant = programs.doubles_by_tile_shape.build_ir(*specs)
    with_literal = programs.doubles_by_literal_tiles.build_ir(*specs)
    assert _without_names(with_constant) == _without_names(with_literal)


def test_tile_shape_kernels_pass_the_real_header_check(toolchain):
    artifact = programs.doubles_by_tile_shape.compile(T((64, 128)), T((64, 128))).artifact
    assert len(artifact.kernels) >= 3
    assert_pass_without_warnings(run_jobs(artifact_jobs(artifact), toolchain))
