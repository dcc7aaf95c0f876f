"""Matmul accumulation and fusion in the language (docs/language.md, "Block matmul"): the
accumulator-DFB form `acc.store(prev + a @ b)`, fused epilogues (`relu(a @ b + bias)`),
`transpose_rhs=True`, and `blk += a @ b` on a reserved block. Each compiles to the kernels
docs/backend.md describes, and those kernels pass the real-header check. Numbers are checked on
the emulated device (test/python/emu/test_matmul_accumulation_emulated.py)."""

from __future__ import annotations

import pathlib

import pytest
from kernel_results import assert_pass_without_warnings
from program_files import load_module

import ttlang as ttl
from ttlang.artifact import ProcessorRole
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

ROOT = pathlib.Path(__file__).resolve().parents[2]
T = ttl.TensorSpec

HEADER = """import ttlang as ttl


@ttl.operation(grid=(1, 1))
def op(a, b, c, out):
    i = ttl.make_dataflow_buffer_like(a, shape=(1, 2), block_count=2)
    j = ttl.make_dataflow_buffer_like(b, shape=(2, 1), block_count=2)
    k = ttl.make_dataflow_buffer_like(c, shape=(1, 1), block_count=2)
    o = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
"""
SPECS = (T((32, 64)), T((64, 32)), T((32, 32)), T((32, 32)))


def _write(tmp_path: pathlib.Path, body: str, name: str = "prog.py"):
    path = tmp_path / name
    path.write_text(HEADER + body)
    return load_module(path, f"accum_{tmp_path.name}_{name[:-3]}")


def _compute_source(compiled) -> str:
    (source,) = [k.source for k in compiled.artifact.kernels if k.role is ProcessorRole.COMPUTE]
    return source


def _compile_error(tmp_path, body: str) -> ttl.TTLangError:
    module = _write(tmp_path, body, "bad.py")
    with pytest.raises(ttl.TTLangError) as info:
        module.op.compile(*SPECS)
    return info.value


EXAMPLE_SPECS = (T((192, 256)), T((256, 128)), T((192, 128)), T((192, 128)))


def test_example_compiles_and_its_kernels_pass_the_real_header_check(toolchain):
    module = load_module(ROOT / "examples" / "matmul_bias_relu.py", "accum_example")
    compiled = module.matmul_bias_relu.compile(*EXAMPLE_SPECS)
    source = "\n".join(k.source for k in compiled.artifact.kernels if k.role is ProcessorRole.COMPUTE)
    # The middle K steps: prev copied into DEST, the product accumulated onto it; the last
    # adds the bias on the SFPU and applies the ReLU before the pack.
    assert "copy_tile(" in source and "matmul_tiles(" in source
    assert "add_binary_tile(" in source and "relu_tile(" in source
    assert_pass_without_warnings(run_jobs(artifact_jobs(compiled.artifact), toolchain))


def test_example_plus_equals_variant_keeps_sums_in_dest(toolchain):
    module = load_module(ROOT / "examples" / "matmul_bias_relu.py", "accum_example_dest")
    compiled = module.matmul_bias_relu_dest.compile(*EXAMPLE_SPECS)
    (source,) = [k.source for k in compiled.artifact.kernels if k.role is ProcessorRole.COMPUTE]
    # One acquire around the K loop (no L1 accumulation), the bias and ReLU in a second store.
    assert "pack_reconfig_l1_acc" not in source
    k_loop = source.index("tile_regs_acquire();")
    assert source.index("cb_wait_front(", k_loop) < source.index("matmul_tiles(", k_loop)
    assert "relu_tile(" in source
    assert_pass_without_warnings(run_jobs(artifact_jobs(compiled.artifact), toolchain))


def test_fused_epilogue_and_accumulator_forms_compile(tmp_path, toolchain):
    module = _write(tmp_path, """
    with i.wait() as x, j.wait() as y, k.wait() as bias, o.reserve() as z:
        z.store(ttl.math.relu(x @ y + bias))
    with i.wait() as x, j.wait() as y, o.reserve() as z:
        z.store(ttl.math.gelu(x @ y) * 0.5)
""")
    compiled = module.op.compile(*SPECS)
    source = _compute_source(compiled)
    assert source.count("matmul_init(") == 2 and "gelu_tile<false>(0);" in source
    assert "mul_unary_tile(0, 0x3f000000u);" in source
    assert_pass_without_warnings(run_jobs(artifact_jobs(compiled.artifact), toolchain))


def test_transpose_rhs_compiles_with_the_b_tile_transpose(tmp_path, toolchain):
    # The right operand is given N x K (1 x 2 tiles, like a): a @ b.T is 1 x 1 tiles.
    module = _write(tmp_path, """
    t = ttl.make_dataflow_buffer_like(a, shape=(1, 2), block_count=2)
    with i.wait() as x, t.wait() as y, o.reserve() as z:
        z.store(ttl.math.matmul(x, y, transpose_rhs=True))
""")
    compiled = module.op.compile(*SPECS)
    assert "matmul_init(" in _compute_source(compiled) and ", 1);" in _compute_source(compiled)
    assert "{transpose_rhs}" in module.op.build_ir(*SPECS)
    assert_pass_without_warnings(run_jobs(artifact_jobs(compiled.artifact), toolchain))


def test_the_output_hint_of_release_1_1_6_changes_nothing(tmp_path, toolchain):
    # tt-lang 1.1.6 spells ttl.math.matmul(a, b, out): `out` is where the product goes.
    hinted = _write(tmp_path, """
    with i.wait() as x, j.wait() as y, o.reserve() as z:
        z.store(ttl.math.matmul(x, y, z))
""")
    plain = _write(tmp_path, """
    with i.wait() as x, j.wait() as y, o.reserve() as z:
        z.store(x @ y)
""", "plain.py")
    compiled = hinted.op.compile(*SPECS)
    assert _compute_source(compiled) == _compute_source(plain.op.compile(*SPECS))
    assert_pass_without_warnings(run_jobs(artifact_jobs(compiled.artifact), toolchain))


def test_plus_equals_keeps_sums_in_dest_or_accumulates_in_l1(tmp_path, toolchain):
    # A plain matmul `+=` in a loop right below the reservation keeps its sums in DEST (one
    # acquire around the loop, one pack after it); with fused math it adds in L1.
    module = _write(tmp_path, """
    with o.reserve() as z:
        for _ in range(3):
            with i.wait() as x, j.wait() as y:
                z += x @ y
    with o.reserve() as z:
        for _ in range(3):
            with i.wait() as x, j.wait() as y:
                z += x @ y * 0.5
""")
    ir = module.op.build_ir(*SPECS)
    assert ir.count("{accumulate}") == 2
    compiled = module.op.compile(*SPECS)
    source = _compute_source(compiled)
    dest_form, l1_form = source.split("cb_push_back(", 1)
    assert dest_form.index("tile_regs_acquire();") < dest_form.index("for (")
    assert "pack_reconfig_l1_acc" not in dest_form
    assert "pack_reconfig_l1_acc(" in l1_form and "pack_reconfig_l1_acc(0);" in l1_form
    assert_pass_without_warnings(run_jobs(artifact_jobs(compiled.artifact), toolchain))


@pytest.mark.parametrize(
    "body, error_type, message, line",
    [
        ("    with i.wait() as x, j.wait() as y, o.reserve() as z:\n        z.store(x @ y + x @ y)\n",
         ttl.CompilerError, "a block matmul is stored on its own or as the innermost operand", 11),
        ("    with i.wait() as x, j.wait() as y, o.reserve() as z:\n        z.store(ttl.math.exp(x) @ y)\n",
         ttl.CompilerError, "a block matmul reads blocks from ttl.wait directly", 11),
        ("    with i.wait() as x, j.wait() as y, o.reserve() as z:\n        z -= x @ y\n",
         ttl.FrontendError, "a reserved block accumulates only with '+=', got 'Sub='", 11),
        ("    with i.wait() as x, j.wait() as y, o.reserve() as z:\n        x += x\n",
         ttl.FrontendError, "'x' is a block acquired with wait(), which is read-only", 11),
        ("    with i.wait() as x, j.wait() as y, o.reserve() as z:\n        z += 1.0\n",
         ttl.FrontendError, "blk += takes a block value, got float 1.0", 11),
        ("    with i.wait() as x, j.wait() as y, o.reserve() as z:\n        z.store(ttl.math.matmul(x, y, x))\n",
         ttl.FrontendError, "the output hint of ttl.math.matmul is 1x2 tiles, but the product is 1x1", 11),
        ("    with i.wait() as x, j.wait() as y, o.reserve() as z:\n        z.store(ttl.math.matmul(x, y, transpose_rhs=1))\n",
         ttl.FrontendError, "transpose_rhs= must be a compile-time True or False", 11),
        ("    with i.wait() as x, j.wait() as y, o.reserve() as z:\n        z.store(ttl.math.matmul(x, y, transpose_rhs=True))\n",
         ttl.FrontendError, "inner dimensions differ: lhs is 1x2 tiles and rhs 2x1 tiles; (M x K) @ transpose(N x K) needs lhs cols == rhs cols", 11),
        ("    with o.reserve() as z:\n        for r in range(2):\n            if r == 0:\n"
         "                with i.wait() as x, j.wait() as y:\n                    z += x @ y\n",
         ttl.CompilerError, "an accumulating store (blk += ...) sits in a runtime if", 14),
    ],
)
def test_bad_input_is_an_error_at_the_users_line(tmp_path, body, error_type, message, line):
    err = _compile_error(tmp_path, body)
    assert isinstance(err, error_type), err
    assert message in err.message, err.message
    assert err.line == line and err.file.endswith("bad.py")
