"""docs/kernel-abi.md's worked example is what the compiler records for that example."""

from __future__ import annotations

import pathlib
import re

from test_backend_examples import _compile

from ttlang.backend import abi_table

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "kernel-abi.md"


def _doc_block() -> str:
    match = re.search(r"```abi\n(.*?)```", DOC.read_text(), re.S)
    assert match, "docs/kernel-abi.md has no ```abi block"
    return match.group(1).strip()


def test_worked_example_matches_recorded_abi():
    artifact = _compile("tile_add_explicit.py")
    produced = "\n".join(
        f"## {k.logical_kernel.name} ({k.role.value})\n{abi_table(k)}" for k in artifact.kernels
    )
    assert produced == _doc_block()


def test_worked_example_dfb_names_and_indices():
    artifact = _compile("tile_add_explicit.py")
    assert [(d.name, d.physical_index) for d in artifact.dataflow_buffers] == [
        ("dfb0", 0),
        ("dfb1", 1),
        ("dfb2", 2),
    ]


def test_kernel_source_reads_the_slots_the_abi_names():
    artifact = _compile("tile_add_explicit.py")
    writer = next(k for k in artifact.kernels if k.logical_kernel.name == "writer")
    assert "TensorAccessorArgs<1>()" in writer.source
    assert "get_common_arg_val<uint32_t>(0)" in writer.source
    assert "get_compile_time_arg_val(0)" in writer.source
    assert "get_compile_time_arg_val(1)" not in writer.source
