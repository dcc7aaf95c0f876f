"""The one-store test program of the block-shape tests (fill, broadcast, reductions,
transpose): reads an input block, stores one expression of the waited block ``v`` into a
reserved block ``o``, writes it out. The store is on line :data:`STORE_LINE`."""

from __future__ import annotations

import pathlib
import zlib

from program_files import load_module

TEMPLATE = """
import ttlang as ttl


@ttl.operation(grid=(1, 1))
def op(x, out):
    x_dfb = ttl.make_dataflow_buffer_like(x, shape={in_shape}, block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape={out_shape}, block_count=2)
    with x_dfb.reserve() as blk:
        ttl.copy(x[0:{in_shape[0]}, 0:{in_shape[1]}], blk).wait()
    with x_dfb.wait() as v, o_dfb.reserve() as o:
        o.store({expr})
    with o_dfb.wait() as o:
        ttl.copy(o, out[0:{out_shape[0]}, 0:{out_shape[1]}]).wait()
"""
STORE_LINE = 12


def one_store_op(tmp_path: pathlib.Path, expr: str, in_shape: tuple[int, int],
                 out_shape: tuple[int, int]):
    """The operation ``op(x, out)`` storing ``expr``, from a file in ``tmp_path``."""
    text = TEMPLATE.format(expr=expr, in_shape=in_shape, out_shape=out_shape)
    path = tmp_path / f"shape_{zlib.crc32(text.encode())}.py"
    path.write_text(text)
    return load_module(path, path.stem).op
