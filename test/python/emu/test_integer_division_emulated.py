"""Runtime integer `//` and `%` in a TT-Lang program have Python's floor semantics on the
emulated device (issue 10: `//` failed to lower, `%` truncated like C). Each output tile column
is a gather whose source tile index is one integer expression of the loop variable, with
positive, negative and runtime divisors of both signs; numpy evaluates the same expressions in
Python and gathers the tiles."""

from __future__ import annotations

import numpy as np

from numerics import BF16, assert_bits_equal
from program_files import load_module

# Offsets keep every source tile index in [0, 16) under Python semantics; C's truncating `/`
# and `%` pick other tiles (or negative indices) for several i.
EXPRESSIONS = [
    "(i - 5) // 3 + 2",
    "(i - 5) % 3",
    "(i + 1) // -3 + 3",
    "(i + 1) % -3 + 2",
    "(5 - i) // (i + 1) + 4",
    "(i - 5) % (i - 9) + 9",
    "(i - 5) % (i + 1)",
]
ROWS = 8  # output tile rows: i in range(8)

COPY = """
        t = {expr}
        with dfb.reserve() as blk:
            ttl.copy(x[t, 0], blk).wait()
        with dfb.wait() as blk:
            ttl.copy(blk, out[i, {col}]).wait()
"""

PROGRAM = """
import ttlang as ttl


@ttl.operation(grid=(1, 1))
def gather(x, out):
    dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=2)
    for i in range(out.shape[0] // 32):
{body}
"""


def _tiles(array: np.ndarray) -> np.ndarray:
    rows, cols = array.shape[0] // 32, array.shape[1] // 32
    return array.reshape(rows, 32, cols, 32).transpose(0, 2, 1, 3)


def test_runtime_floor_division_and_modulo_follow_python(device, rng, tmp_path):
    body = "".join(COPY.format(expr=e, col=c) for c, e in enumerate(EXPRESSIONS))
    path = tmp_path / "int_division.py"
    path.write_text(PROGRAM.format(body=body))
    gather = load_module(path).gather
    ir = gather.build_ir(
        __import__("ttlang").TensorSpec((16 * 32, 32)),
        __import__("ttlang").TensorSpec((ROWS * 32, len(EXPRESSIONS) * 32)),
    )
    # Runtime, not folded: `//` is arith.floordivsi and `%` ttl.floor_mod, both expanded by the
    # C++ pass ttl-expand-index-division (C's truncating `%` would be arith.remsi).
    assert "arith.floordivsi" in ir and "ttl.floor_mod" in ir and "arith.remsi" not in ir

    x = rng.uniform(-4, 4, (16 * 32, 32)).astype(np.float32).astype(BF16)
    out = device.empty((ROWS * 32, len(EXPRESSIONS) * 32))
    gather(device.tensor(x), out)

    expected = np.empty((ROWS, len(EXPRESSIONS), 32, 32), BF16)
    for i in range(ROWS):
        for col, expr in enumerate(EXPRESSIONS):
            expected[i, col] = _tiles(x)[eval(expr, {"i": i}), 0]
    assert_bits_equal(_tiles(out.to_numpy()), expected)
