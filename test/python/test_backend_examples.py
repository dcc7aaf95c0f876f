"""Every kernel generated from examples/ passes the real-header check (BRISC and NCRISC builds
of data-movement kernels, the TRISC2 build of compute kernels), and the compiled artifact
records what the runtime needs per descriptor."""

from __future__ import annotations

import ast
import pathlib

import pytest
from kernel_results import assert_pass_without_warnings
from program_files import load_module

import ttlang as ttl
from ttlang.artifact import ArgKind, CompiledArtifact, KernelKind, ProcessorRole
from ttlang.testing.kernel_check import (
    Processor,
    processors_for,
    artifact_jobs,
    run_jobs,
)

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"

# (example file, operation (its name, or a function making it from the module), tensor specs): the
# inputs each example's __main__ compiles with.
TILE = 32
SQUARE = ttl.TensorSpec((4 * TILE, 4 * TILE))
SMALL = ttl.TensorSpec((64, 64))
L1_F32 = ttl.TensorSpec((128, 64), dtype="float32", buffer_type="l1")
# layer_norm_height_sharded.py's x and out: 8 shards of 2 x 3 tiles on a 4x2 block of cores.
HEIGHT_SHARDED = ttl.TensorSpec(
    (512, 96), buffer_type="l1", memory_layout="height_sharded",
    shard=ttl.ShardSpec((((0, 0), (3, 1)),), (64, 96)),
)
EXAMPLE_INPUTS = {
    "tile_add_unified.py": ("tile_add", (SQUARE, SQUARE, SQUARE)),
    "tile_add_explicit.py": ("tile_add", (SQUARE, SQUARE, SQUARE)),
    "composed.py": ("exp_then_exp", (SMALL, SMALL, SMALL)),
    "two_readers.py": ("relu", (L1_F32, L1_F32)),
    "runtime_collective.py": ("collective", (ttl.TensorSpec((32, 64)), ttl.TensorSpec((32, 64)))),
    "fabric_forward.py": ("forward", (ttl.TensorSpec((32, 64)), ttl.TensorSpec((32, 64)))),
    # A ring all-gather of one 64x64 shard per chip over 1x4 (made by make_all_gather(ring=True)).
    "mesh_all_gather.py": (
        lambda module: module.make_all_gather(True),
        (ttl.TensorSpec((64, 64)), ttl.TensorSpec((4 * 64, 64))),
    ),
    "mesh_all_reduce.py": ("sum_slabs", (ttl.TensorSpec((4 * 64, 64)), ttl.TensorSpec((64, 64)))),
    # A ring reduce-scatter over 1x4 of 4 chunks of 32 x 64 (input, landing buffer, this chip's chunk).
    "mesh_reduce_scatter.py": (
        lambda module: module.make_reduce_scatter(),
        (ttl.TensorSpec((4 * 32, 64)), ttl.TensorSpec((4 * 32, 64)), ttl.TensorSpec((32, 64))),
    ),
    "external_functions.py": ("conditional_operation", (SMALL,)),
    "convert_on_pack.py": (
        "convert_on_pack",
        (
            ttl.TensorSpec((64, 32)),
            ttl.TensorSpec((32, 32)),
            ttl.TensorSpec((64, 32)),
            ttl.TensorSpec((64, 32)),
            ttl.TensorSpec((64, 32), dtype="float32"),
        ),
    ),
    "softmax_rows.py": ("softmax", (ttl.TensorSpec((128, 64)),) * 2),
    "elementwise_3d_param.py": ("scale_add", (ttl.TensorSpec((8, 64, 96)),) * 3 + (3,)),
    # Row-major images: 2 x 3 x 5 pixels of 24 f32 channels, upsampled by (2, 2).
    "upsample_rows.py": (
        lambda module: module.make_upsample((2, 2)),
        (ttl.TensorSpec((2, 3, 5, 24), dtype="float32", layout="row_major"),
         ttl.TensorSpec((2, 6, 10, 24), dtype="float32", layout="row_major")),
    ),
    "layer_norm.py": (
        "layer_norm",
        (ttl.TensorSpec((64, 64)), ttl.TensorSpec((32, 64)), ttl.TensorSpec((32, 64)),
         ttl.TensorSpec((64, 64))),
    ),
    "layer_norm_height_sharded.py": (
        "sharded_layer_norm",
        (HEIGHT_SHARDED, ttl.TensorSpec((32, 96)), ttl.TensorSpec((32, 96)), HEIGHT_SHARDED),
    ),
    "bias_add_rows.py": (
        "bias_add", (ttl.TensorSpec((128, 128)), ttl.TensorSpec((32, 128)), ttl.TensorSpec((128, 128)))
    ),
    "column_sum.py": ("column_sum", (ttl.TensorSpec((128, 128)), ttl.TensorSpec((32, 128)))),
    "matmul_bias_relu.py": (
        "matmul_bias_relu",
        (
            ttl.TensorSpec((192, 256)),
            ttl.TensorSpec((256, 128)),
            ttl.TensorSpec((192, 128)),
            ttl.TensorSpec((192, 128)),
        ),
    ),
    "matmul_systolic_pipes.py": (
        "matmul_systolic",
        (ttl.TensorSpec((256, 256)), ttl.TensorSpec((256, 256)), ttl.TensorSpec((256, 256))),
    ),
    "running_sum_matmul.py": (
        "running_sum_matmul",
        (ttl.TensorSpec((128, 192)), ttl.TensorSpec((192, 96)), ttl.TensorSpec((128, 96))),
    ),
    "mixed_formats.py": (
        "mixed_formats",
        (
            ttl.TensorSpec((64, 32)),
            ttl.TensorSpec((32, 32)),
            ttl.TensorSpec((64, 32), dtype="float32"),
            ttl.TensorSpec((64, 32)),
            ttl.TensorSpec((64, 32), dtype="float32"),
        ),
    ),
}


def example_operation(path: pathlib.Path, module_name: str, operation):
    """The operation of an EXAMPLE_INPUTS entry: loads ``path`` as ``module_name`` and takes
    ``operation`` from it (an attribute name, or a function making the operation)."""
    module = load_module(path, module_name)
    return operation(module) if callable(operation) else getattr(module, operation)


def _compile(name: str) -> CompiledArtifact:
    operation, inputs = EXAMPLE_INPUTS[name]
    return example_operation(EXAMPLES / name, f"example_{name[:-3]}", operation).compile(*inputs).artifact


def _decorates_an_operation(source: str) -> bool:
    """True when some function is decorated with ``@ttl.operation`` (called or not)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                if ast.unparse(target) == "ttl.operation":
                    return True
    return False


def test_every_example_with_an_operation_is_covered():
    with_operations = {
        path.name for path in EXAMPLES.glob("*.py") if _decorates_an_operation(path.read_text())
    }
    assert with_operations == set(EXAMPLE_INPUTS)


@pytest.mark.parametrize("name", sorted(EXAMPLE_INPUTS))
def test_example_kernels_pass_the_real_header_check(toolchain, name):
    artifact = _compile(name)
    jobs = artifact_jobs(artifact)
    # Each descriptor is checked on every build its role requires.
    assert len(jobs) == sum(len(processors_for(k.role, k.source)) for k in artifact.kernels)
    results = run_jobs(jobs, toolchain)
    assert_pass_without_warnings(results)


@pytest.mark.parametrize("name", sorted(EXAMPLE_INPUTS))
def test_example_descriptors_cover_every_logical_kernel_once_per_core(name):
    artifact = _compile(name)
    cols, rows = artifact.grid
    assert artifact.kernels  # the collective has one (external) kernel
    for kernel_id in artifact.logical_kernels():
        descriptors = [k for k in artifact.kernels if k.logical_kernel == kernel_id]
        cores = [c for d in descriptors for r in d.core_ranges for c in r.coords()]
        assert sorted(cores) == sorted((x, y) for x in range(cols) for y in range(rows))
        assert {d.role for d in descriptors} == {descriptors[0].role}
        assert ("void kernel_main()" in d.source for d in descriptors)


def test_roles_follow_kernel_kinds():
    artifact = _compile("tile_add_explicit.py")
    roles = {k.logical_kernel.name: k.role for k in artifact.kernels}
    assert roles == {
        "compute": ProcessorRole.COMPUTE,
        "data_movement": ProcessorRole.DATA_MOVEMENT_0,
        "writer": ProcessorRole.DATA_MOVEMENT_1,
    }
    compute = next(k for k in artifact.kernels if k.logical_kernel.kind == KernelKind.COMPUTE)
    assert [a.kind for a in compute.abi.compile_time_args] == [ArgKind.DFB_INDEX] * 3
    assert compute.abi.common_runtime_args == () and compute.abi.per_core_runtime_args == ()


def test_fpu_compute_kernels_get_the_full_pack_build_and_sfpu_ones_the_api_build():
    add = _compile("tile_add_unified.py")
    relu = _compile("two_readers.py")
    (add_compute,) = [k for k in add.kernels if k.role is ProcessorRole.COMPUTE]
    (relu_compute,) = [k for k in relu.kernels if k.role is ProcessorRole.COMPUTE]
    assert processors_for(add_compute.role, add_compute.source) == (Processor.TRISC2,)
    assert processors_for(relu_compute.role, relu_compute.source) == (Processor.TRISC2_API,)


def test_store_into_another_format_reconfigures_only_the_packer():
    artifact = _compile("convert_on_pack.py")
    (compute,) = [k for k in artifact.kernels if k.role is ProcessorRole.COMPUTE]
    source = compute.source
    add = source.index("add_tiles(")
    matmul = source.index("matmul_init(")
    # The bf16 matmul packed into the f32 DFB moves only the packer; the sources stay bf16.
    between = source[add:matmul]
    assert between.count("pack_reconfig_data_format(") == 1
    assert "reconfig_data_format(" not in between.replace("pack_reconfig_data_format(", "")
    assert "reconfig_data_format_src" not in source


def test_mixed_format_compute_kernel_reconfigures_only_where_formats_change():
    artifact = _compile("mixed_formats.py")
    (compute,) = [k for k in artifact.kernels if k.role is ProcessorRole.COMPUTE]
    source = compute.source
    assert '#include "api/compute/reconfig_data_format.h"' in source
    # The loop body's first math (bf16 matmul) follows the previous iteration's f32 exp.
    matmul = source.index("matmul_init(")
    exp = source.index("exp_tile_init()")
    assert source.rindex("reconfig_data_format<SrcOrder::Reverse>(", 0, matmul) < matmul
    assert source.rindex("pack_reconfig_data_format(", 0, matmul) < matmul
    # The exp changes SrcA (its copy source) and the packer, not SrcB.
    between = source[matmul:exp]
    assert between.count("reconfig_data_format_srca(") == 1
    assert between.count("pack_reconfig_data_format(") == 1
    assert "reconfig_data_format_srcb(" not in source
    # A single-format example gets no reconfiguration.
    add = _compile("tile_add_unified.py")
    assert all("reconfig" not in k.source for k in add.kernels)


def test_compiled_operation_builds_its_artifact_once():
    op_name, inputs = EXAMPLE_INPUTS["tile_add_unified.py"]
    compiled = getattr(load_module(EXAMPLES / "tile_add_unified.py"), op_name).compile(*inputs)
    assert compiled.artifact is compiled.artifact
    assert compiled.artifact.kernels == compiled.descriptors
