"""Physical DFB indices keep their producer and consumer kernels for the whole program.

TT-Metal keeps each processor's circular-buffer pointers (and the compute kernel's tile counters)
privately, zeroed at launch and never resynchronised, so an index whose producer and consumer
kernels change mid-program corrupts the stream. ``ttl-assign-dfb-indices`` therefore shares an
index only between DFBs with the same producer kernel and the same consumer kernel."""

from __future__ import annotations

import pathlib
from collections import defaultdict

import pytest
from mlir import ir
from test_backend_examples import EXAMPLE_INPUTS, example_operation
from test_ttlang11_compat import PROGRAMS

from ttlang.mlir_context import create_context

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"


def index_roles(compiled_ir: str) -> dict[int, tuple[set[str], set[str]]]:
    """Physical index -> (kernel functions that reserve it, kernel functions that wait on it)."""
    roles: dict[int, tuple[set[str], set[str]]] = defaultdict(lambda: (set(), set()))
    with create_context():
        module = ir.Module.parse(compiled_ir)
        for func in module.body.operations:
            kernel = ir.StringAttr(func.attributes["sym_name"]).value
            for op in func.regions[0].blocks[0].operations:
                if op.operation.name != "ttl.create_dfb":
                    continue
                index = ir.IntegerAttr(op.attributes["physical_index"]).value
                # Uses at any nesting depth (loops, branches).
                users = {use.owner.name for use in op.result.uses}
                producers, consumers = roles[index]
                if "ttl.reserve" in users:
                    producers.add(kernel)
                if "ttl.wait" in users:
                    consumers.add(kernel)
    return dict(roles)


def test_composed_stages_share_indices_per_direction():
    # Stage 1 and stage 2 each move src -> compute (loader to compute) and compute -> dst
    # (compute to writer): the two src DFBs share one index and the two dst DFBs another.
    op_name, inputs = EXAMPLE_INPUTS["composed.py"]
    compiled = example_operation(EXAMPLES / "composed.py", "composed_roles", op_name).compile(*inputs)
    assert [d.physical_index for d in compiled.dataflow_buffers] == [0, 1]
    roles = index_roles(compiled.ir)
    assert roles == {
        0: ({"exp_then_exp_loader"}, {"exp_then_exp_compute"}),
        1: ({"exp_then_exp_compute"}, {"exp_then_exp_data_movement"}),
    }


PROGRAM_FILES = [(EXAMPLES / name, spec) for name, spec in EXAMPLE_INPUTS.items()] + [
    (EXAMPLES / "ttlang11" / name, spec) for name, spec in PROGRAMS.items()
]


@pytest.mark.parametrize("path, spec", PROGRAM_FILES, ids=[p.name for p, _ in PROGRAM_FILES])
def test_every_index_has_one_producer_and_one_consumer_kernel(path, spec):
    op_name, inputs = spec
    compiled = example_operation(path, f"roles_{path.stem}", op_name).compile(*inputs)
    for index, (producers, consumers) in index_roles(compiled.ir).items():
        assert len(producers) <= 1 and len(consumers) <= 1, (index, producers, consumers)
