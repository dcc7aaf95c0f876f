"""How many DFBs an operation may make (docs/language.md, Concepts): each needs a circular
buffer, of which Wormhole has 32 (NUM_CIRCULAR_BUFFERS, tt_metal/api/tt-metalium/
circular_buffer_constants.h of the ttnn wheel), but DFBs one circular buffer can carry as one
stream share it, so the 36 sequential DFBs tt-lang warns about take one circular buffer here."""

from __future__ import annotations

import pytest
from program_files import load_module

import ttlang as ttl

STAGES = 36
STAGE = """
    d{i} = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with d{i}.reserve() as blk:
        ttl.copy(a[0, 0], blk).wait()
    with d{i}.wait() as blk:
        ttl.copy(blk, out[0, 0]).wait()
"""


def many_dfbs(tmp_path):
    body = "".join(STAGE.format(i=i) for i in range(STAGES))
    path = tmp_path / "many_dfbs.py"
    path.write_text(f"import ttlang as ttl\n\n\n@ttl.operation(grid=(1, 1))\ndef copies(a, out):{body}")
    return load_module(path, "many_dfbs").copies


def test_36_sequential_dfbs_share_one_circular_buffer(tmp_path):
    spec = ttl.TensorSpec((32, 32))
    compiled = many_dfbs(tmp_path).compile(spec, spec, target="wormhole_b0", compile_cache=None)
    assert compiled.frontend_ir.count("ttl.create_dfb") == STAGES
    # The circular buffers the runtime allocates: one, index 0.
    assert [dfb.physical_index for dfb in compiled.dataflow_buffers] == [0]


LIVE = 33


def many_live_dfbs(tmp_path):
    """33 DFBs filled by a reader in one order and drained by a writer in the other: no DFB is
    used entirely before another, so none can share a circular buffer."""
    makes = "".join(f"    d{i} = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)\n"
                    for i in range(LIVE))
    reads = "".join(f"        with d{i}.reserve() as blk:\n            ttl.copy(a[0, 0], blk).wait()\n"
                    for i in range(LIVE))
    writes = "".join(f"        with d{i}.wait() as blk:\n            ttl.copy(blk, out[0, 0]).wait()\n"
                     for i in reversed(range(LIVE)))
    path = tmp_path / "many_live_dfbs.py"
    path.write_text(
        "import ttlang as ttl\n\n\n@ttl.operation(grid=(1, 1))\ndef copies(a, out):\n" + makes
        + "\n    @ttl.datamovement()\n    def reader():\n" + reads
        + "\n    @ttl.datamovement()\n    def writer():\n" + writes
    )
    return load_module(path, "many_live_dfbs").copies, path


def test_33_live_dfbs_are_an_error_at_the_one_that_does_not_fit_on_wormhole(tmp_path):
    """Wormhole has 32 circular buffers: the 33rd live DFB is a CompilerError at its line;
    Blackhole's 64 hold them all."""
    op, path = many_live_dfbs(tmp_path)
    spec = ttl.TensorSpec((32, 32))
    with pytest.raises(ttl.CompilerError) as failure:
        op.compile(spec, spec, target="wormhole_b0", compile_cache=None)
    assert "all 32 of wormhole_b0 are in use" in failure.value.message
    lines = path.read_text().splitlines()
    assert failure.value.line is not None
    assert "make_dataflow_buffer_like" in lines[failure.value.line - 1]
    compiled = op.compile(spec, spec, target="blackhole", compile_cache=None)
    assert len(compiled.dataflow_buffers) == LIVE
