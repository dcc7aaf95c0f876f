"""An optimizer choosing L1 or DRAM for a custom kernel's output.

A TT-Lang operation (the tile-wise add of tile_add_explicit.py) sits in a TTNN graph between ttnn
ops: its output feeds a ``ttnn.relu``. For each candidate placement of that output the
optimizer asks the op model (``ttlang.opmodel``) whether it fits next to the tensors already
live in L1 (the stateful query) and what the operation and its consumer cost (the roofline
runtime), then keeps the fastest legal placement. With L1 free, the output goes to L1; with
L1 nearly full, the L1 candidate runs out of memory and DRAM is chosen.

    .venv/bin/python examples/opmodel_ttl_operation.py
"""

from __future__ import annotations

import importlib.util
import pathlib

from mlir import ir

import ttlang as ttl
from ttlang import opmodel

SHAPE = (1024, 1024)
LAYOUTS = {
    "L1": "#ttnn.layout<l1, interleaved, bf16>",
    "DRAM": "#ttnn.layout<dram, interleaved, bf16>",
}

# The custom kernel: the multi-core tile-wise add of tile_add_explicit.py (2x2 grid).
HERE = pathlib.Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("tile_add_explicit", HERE / "tile_add_explicit.py")
tile_add_explicit = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tile_add_explicit)


def consumer() -> tuple[ir.Module, ir.Operation]:
    """The ttnn.relu that reads the custom kernel's output (its operand layout is asked), and
    its module, which must outlive it."""
    dram = LAYOUTS["DRAM"]
    module = ttl.parse_module(
        f"func.func @g(%x: tensor<1024x1024xbf16, {dram}>) {{\n"
        f"  %0 = ttnn.relu %x : tensor<1024x1024xbf16, {dram}> -> tensor<1024x1024xbf16, {dram}>\n"
        "  return\n}"
    )
    return module, module.body.operations[0].regions[0].blocks[0].operations[0].operation


def choose(op: opmodel.TTLOperation, relu: ir.Operation, live: list[opmodel.AllocationRecord]) -> str:
    best: tuple[int, str] | None = None
    for name, layout in LAYOUTS.items():
        try:
            fit = opmodel.query_constraints(op, output=layout, live=live)
        except opmodel.OpModelError as error:
            print(f"  {name:4}: illegal ({error.status.name}: {error.message})")
            continue
        cost = opmodel.query_runtime(op, output=layout) + opmodel.query_runtime(
            relu, inputs=[layout]
        )
        placed = ", ".join(f"{r.buffer_type.name}@{r.address}" for r in fit.output_allocations)
        print(
            f"  {name:4}: cb={fit.cb_peak} B, output {fit.output_size} B/bank at {placed}, "
            f"add + relu = {cost} ns"
        )
        if best is None or cost < best[0]:
            best = (cost, name)
    assert best is not None, "no legal placement"
    return best[1]


def main() -> None:
    spec = ttl.TensorSpec(SHAPE)
    compiled = tile_add_explicit.tile_add.compile(spec, spec, spec)
    op = opmodel.TTLOperation.of(compiled, outputs=[2])
    _module, relu = consumer()
    print(f"{compiled.name}: {len(compiled.artifact.dataflow_buffers)} DFBs on a {compiled.grid} grid")

    print("L1 free:")
    print(f"  -> {choose(op, relu, live=[])}")

    # Tensors of earlier ops hold all but 16 KiB of each L1 bank (placed top-down).
    top, usable = 1499136, 1463968
    held = usable - 16384
    live = [opmodel.AllocationRecord(opmodel.BufferType.L1, top - held, held)]
    print(f"L1 holding {held} B per bank:")
    print(f"  -> {choose(op, relu, live=live)}")


if __name__ == "__main__":
    main()
