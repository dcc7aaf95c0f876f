"""The tt-lang 1.1 compatibility suite (examples/ttlang11/): each program, written as for
tt-lang 1.1 with only ``import ttlang as ttl`` changed, compiles; every generated kernel passes
the real-header check; and the kernels have the structure the program asks for."""

from __future__ import annotations

import json
import pathlib
import re

import pytest
from kernel_results import assert_pass_without_warnings
from program_files import load_module

import ttlang as ttl
from ttlang.artifact import CompiledArtifact, ProcessorRole
from ttlang.testing.kernel_check import (
    Processor,
    artifact_jobs,
    processors_for,
    run_jobs,
)

SUITE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "ttlang11"
T = ttl.TensorSpec

# file: (operation, tensor specs), from the suite's table (the compile benchmarks read it too).
PROGRAMS = {
    name: (entry["operation"], tuple(T(tuple(shape)) for shape in entry["shapes"]))
    for name, entry in json.loads((SUITE / "programs.json").read_text()).items()
}


def _operation(name: str):
    return getattr(load_module(SUITE / name, f"ttlang11_{name[:-3]}"), PROGRAMS[name][0])


def _compile(name: str) -> CompiledArtifact:
    return _operation(name).compile(*PROGRAMS[name][1]).artifact


def _compute_sources(artifact: CompiledArtifact) -> list[str]:
    return [k.source for k in artifact.kernels if k.role is ProcessorRole.COMPUTE]


def test_the_suite_is_complete_and_written_for_tt_lang_11():
    assert {p.name for p in SUITE.glob("*.py")} == set(PROGRAMS)
    for name in PROGRAMS:
        source = (SUITE / name).read_text()
        imports = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
        # The one change from tt-lang 1.1: the package name (standard-library imports stay).
        assert [i for i in imports if i != "import math"] == ["import ttlang as ttl"], name


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program_kernels_pass_the_real_header_check(toolchain, name):
    artifact = _compile(name)
    assert_pass_without_warnings(run_jobs(artifact_jobs(artifact), toolchain))


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program_descriptors_cover_the_grid_once_per_logical_kernel(name):
    artifact = _compile(name)
    cols, rows = artifact.grid
    for kernel_id in artifact.logical_kernels():
        cores = [
            c
            for d in artifact.kernels
            if d.logical_kernel == kernel_id
            for r in d.core_ranges
            for c in r.coords()
        ]
        assert sorted(cores) == sorted((x, y) for x in range(cols) for y in range(rows))


def test_eltwise_add_reads_1x2_tile_slices_on_the_fpu():
    artifact = _compile("eltwise_add_multicore.py")
    assert artifact.grid == (2, 2)
    (compute,) = _compute_sources(artifact)
    assert "binary_tiles_init<true, EltwiseBinaryType::ELWADD>" in compute
    assert "cb_wait_front" in compute and ", 2);" in compute  # 1x2-tile blocks
    reader = next(k for k in artifact.kernels if k.role is ProcessorRole.DATA_MOVEMENT_0)
    assert reader.source.count("noc_async_read_page") == 2  # a and b, one call per tile loop
    assert "get_absolute_logical_x()" in reader.source and "get_absolute_logical_y()" in reader.source


def test_fused_chain_is_one_sfpu_expression_per_tile():
    (compute,) = _compute_sources(_compile("fused_exp_mul_add.py"))
    calls = re.findall(r"(exp_tile|mul_binary_tile|add_binary_tile)\(", compute)
    assert calls == ["exp_tile", "mul_binary_tile", "add_binary_tile"]
    assert compute.count("tile_regs_acquire();") == 1


def test_unary_chain_uses_every_declared_sfpu_function():
    (compute,) = _compute_sources(_compile("unary_chain.py"))
    for call in ("abs", "sqrt", "tanh", "relu", "rsqrt", "sigmoid", "recip", "log", "sin", "cos",
                 "negative"):
        assert f"{call}_tile_init();" in compute, call
    assert '#include "api/compute/compute_kernel_api.h"' in compute
    assert '#include "api/compute/eltwise_unary/trigonometry.h"' in compute


def test_softmax_tail_loops_over_the_four_tiles_of_a_block():
    (compute,) = _compute_sources(_compile("softmax_like.py"))
    assert re.findall(r"(exp_tile|sub_binary_tile|recip_tile|mul_binary_tile)\(", compute) == [
        "sub_binary_tile", "exp_tile", "recip_tile", "mul_binary_tile"]
    assert "cb_wait_front" in compute and ", 4);" in compute


def test_matmul_on_4x4_grid_accumulates_over_k_in_dest():
    artifact = _compile("matmul_4x4.py")
    assert artifact.grid == (4, 4)
    (compute,) = _compute_sources(artifact)
    compute_kernel = next(k for k in artifact.kernels if k.role is ProcessorRole.COMPUTE)
    # matmul.h does not pull in the SFPU: the full pack build checks it.
    assert processors_for(compute_kernel.role, compute) == (Processor.TRISC2,)
    assert "compute_kernel_hw_startup<SrcOrder::Reverse>(" in compute
    assert compute.count("matmul_init(") == 1
    # 2x8 @ 8x2 blocks: one acquire per output block, 8 matmul_tiles per register, 4 packs.
    assert "cb_wait_front(" in compute and ", 16);" in compute
    assert compute.count("tile_regs_acquire();") == 1
    assert re.search(r"for \(size_t (\w+) = v\d+; \1 < v\d+; .*\n\s+size_t .*\n\s+size_t .*\n\s+matmul_tiles\(", compute)
    assert re.search(r"for \(size_t (\w+) = v\d+; \1 < \(4\); .*\n\s+pack_tile\(\1, ", compute)


def test_uneven_row_split_specializes_every_thread_by_core():
    artifact = _compile("constants_and_shape.py")
    # 7 tile rows over 3 cores: core 0 takes 3 rows, cores 1 and 2 take 2; each thread is
    # specialized for {core 0} and {cores 1, 2}.
    by_role: dict[ProcessorRole, list] = {}
    for k in artifact.kernels:
        by_role.setdefault(k.role, []).append(sorted(c for r in k.core_ranges for c in r.coords()))
    for role in (ProcessorRole.COMPUTE, ProcessorRole.DATA_MOVEMENT_0, ProcessorRole.DATA_MOVEMENT_1):
        assert sorted(by_role[role]) == [[(0, 0)], [(1, 0), (2, 0)]], role


def test_several_items_in_one_with_release_in_reverse():
    compiled = _operation("multi_with.py").compile(*PROGRAMS["multi_with.py"][1])
    (compute,) = _compute_sources(compiled.artifact)
    pushes_and_pops = re.findall(r"cb_(push_back|pop_front)\((v\d+)", compute)
    # o and q pushed (q first), then c, b, a popped: reverse order of the with items.
    kinds = [k for k, _ in pushes_and_pops]
    assert kinds == ["push_back", "push_back", "pop_front", "pop_front", "pop_front"]
    dfb_ids = [v for _, v in pushes_and_pops]
    assert len(set(dfb_ids)) == 5


def test_gelu_scalars_are_f32_bit_literals():
    (compute,) = _compute_sources(_compile("gelu_tanh.py"))
    # 0.5 -> 0x3f000000, 1.0 -> 0x3f800000, 0.044715 -> 0x3d372713, sqrt(2/pi) -> 0x3f4c422a
    assert "mul_unary_tile(0, 0x3f000000u);" in compute
    for bits in ("0x3f800000u", "0x3d372713u", "0x3f4c422au"):
        assert bits in compute, bits
    assert compute.count("binop_with_scalar_tile_init();") == 4
    assert '#include "api/compute/eltwise_unary/binop_with_scalar.h"' in compute


def test_ceil_split_min_folds_per_core_ranges():
    artifact = _compile("ceil_split_min.py")
    # min(first + 3, 8) is 3 on cores 0 and 1 and 2 on core 2: specialization folds it.
    readers = {
        tuple(c for r in k.core_ranges for c in r.coords()): k.source
        for k in artifact.kernels
        if k.role is ProcessorRole.DATA_MOVEMENT_0
    }
    assert set(readers) == {((0, 0), (1, 0)), ((2, 0),)}
    assert re.search(r"for \(size_t (\w+) = 6; \1 < v\d+;", readers[((2, 0),)])


def test_compile_time_assert_fails_at_its_line(tmp_path):
    spec = T((64, 8 * 32))
    with pytest.raises(ttl.FrontendError) as info:
        _operation("ceil_split_min.py").compile(spec, spec, T((64, 64)))
    assert "assertion failed: a.shape == b.shape == out.shape: a, b and out must have one shape" in (
        info.value.message
    )
    assert info.value.line == 13


def test_annotations_docstrings_and_shape_unpacking(tmp_path):
    source = """import ttlang as ttl


@ttl.operation(grid=(1, 1))
def op(a_in: "ttnn.Tensor", out: "ttnn.Tensor") -> None:
    \"\"\"Copies a through exp.\"\"\"
    M, N = a_in.shape
    a_dfb = ttl.make_dataflow_buffer_like(a_in, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute_fn() -> None:
        for _ in range(M // 32 * (N // 32)):
            with a_dfb.wait() as a, o_dfb.reserve() as o:
                o.store(ttl.math.exp(a))

    @ttl.datamovement()
    def io() -> None:
        for r in range(M // 32):
            for c in range(N // 32):
                with a_dfb.reserve() as blk:
                    ttl.copy(a_in[r, c], blk).wait()
                with o_dfb.wait() as blk:
                    ttl.copy(blk, out[r, c]).wait()
"""
    path = tmp_path / "annotated.py"
    path.write_text(source)
    compiled = load_module(path).op.compile(T((64, 96)), T((64, 96)))
    assert [k.function for k in compiled.kernels] == ["op_compute", "op_data_movement"]


def _compile_error(path: pathlib.Path, source: str, *specs) -> ttl.TTLangError:
    # A file, not exec(): the frontend reads the operation's source.
    path.write_text(source)
    module = load_module(path)
    with pytest.raises(ttl.TTLangError) as info:
        module.op.compile(*specs)
    return info.value


HEADER = """import ttlang as ttl


@ttl.operation(grid=(1, 1))
def op(a, b, out):
    i = ttl.make_dataflow_buffer_like(a, shape=(1, 2), block_count=2)
    j = ttl.make_dataflow_buffer_like(b, shape=(2, 1), block_count=2)
    o = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    with i.wait() as x, j.wait() as y, o.reserve() as z:
"""


@pytest.mark.parametrize(
    "line, error_type, message",
    [
        ("z.store(ttl.math.erf(x @ y))", ttl.FrontendError,
         "ttl.math.erf is not supported by ttlang (supported: exp, relu"),
        ("z.store(y @ y)", ttl.FrontendError,
         "inner dimensions differ: lhs is 2x1 tiles and rhs 2x1 tiles; (M x K) @ (K x N) needs lhs cols == rhs rows"),
        ("z.store(x @ y + x @ y)", ttl.CompilerError,
         "a block matmul is stored on its own or as the innermost operand of element-wise math"),
        ("z.store(2 ** (x @ y))", ttl.FrontendError, "blocks do not support 'Pow' with a scalar"),
        ("z.store((x @ y) * float('inf'))", ttl.FrontendError, "block math with a non-finite scalar (inf)"),
        ("z.store(z + x @ y)", ttl.CompilerError, "tile math reads a block that is not from ttl.wait"),
        ("z.store(x @ y if min(ttl.node(dims=1), 1) else x @ y)", ttl.FrontendError,
         "a conditional expression needs a compile-time condition"),
    ],
)
def test_unsupported_constructs_name_the_line(tmp_path, line, error_type, message):
    err = _compile_error(
        tmp_path / "unsupported.py", HEADER + f"        {line}\n", T((32, 64)), T((64, 32)), T((32, 32))
    )
    assert isinstance(err, error_type)
    assert message in err.message
    assert err.line == 10


def test_bench_matmul_case_passes_the_real_header_check(toolchain):
    path = SUITE.parents[1] / "bench" / "cases" / "matmul_4x4_grid.py"
    artifact = load_module(path, "bench_matmul_4x4_grid").matmul.compile(T((256, 256)), T((256, 256)), T((256, 256))).artifact
    assert artifact.grid == (4, 4) and len(artifact.kernels) == 3
    results = run_jobs(artifact_jobs(artifact), toolchain)
    assert all(r.ok for r in results), "\n".join(r.summary() for r in results if not r.ok)
    (compute,) = _compute_sources(artifact)
    assert compute.count("matmul_tiles(") == 1 and "cb_wait_front(" in compute
