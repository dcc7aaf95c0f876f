"""f32 DFBs that a compute kernel only copies (copy_tile) are unpacked straight into DEST: the
compiler records their physical indices per compute descriptor (``unpack_to_dest``) when the
kernel runs with fp32 DEST accumulation; FPU operands, bf16 DFBs and kernels with a 16-bit DEST
keep the default path (the 19-bit SrcA register, TF32 for f32 data)."""

from __future__ import annotations

import pathlib
import re

import pytest
from kernel_results import assert_pass_without_warnings
from program_files import load_module
from test_backend_examples import EXAMPLE_INPUTS, example_operation

import ttlang as ttl
from ttlang.artifact import ProcessorRole
from ttlang.testing.kernel_check import FLOAT32, TF32, _descriptors, artifact_jobs, run_jobs

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"


def _example(name: str):
    op_name, inputs = EXAMPLE_INPUTS[name]
    return example_operation(EXAMPLES / name, f"u2d_{name[:-3]}", op_name).compile(*inputs)


def _compute(compiled):
    (compute,) = [d for d in compiled.descriptors if d.role is ProcessorRole.COMPUTE]
    return compute


def _dfb_made_on(artifact, marker: str, example: str) -> int:
    """Physical index of the DFB created on the example's line containing ``marker``."""
    lines = (EXAMPLES / example).read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if marker in text)
    (index,) = [d.physical_index for d in artifact.dataflow_buffers if d.location.endswith(f":{line}")]
    return index


def test_copied_f32_input_is_unpacked_to_dest():
    compiled = _example("two_readers.py")  # f32 relu: copy_tile + relu_tile
    compute = _compute(compiled)
    assert compute.fp32_dest_acc_en
    assert compute.unpack_to_dest == (_dfb_made_on(compiled.artifact, "in_dfb =", "two_readers.py"),)
    assert not any(d.unpack_to_dest for d in compiled.descriptors if d.role is not ProcessorRole.COMPUTE)


def test_only_the_copied_f32_dfb_of_a_mixed_kernel():
    # bf16 matmul (FPU) and an f32 exp (copy_tile): only the f32 source of the exp.
    compiled = _example("mixed_formats.py")
    (f32_source,) = _compute(compiled).unpack_to_dest
    formats = {d.physical_index: d.data_format for d in compiled.artifact.dataflow_buffers}
    assert formats[f32_source] == "float32"


def test_bf16_sources_packed_into_f32_are_not_unpacked_to_dest():
    compute = _compute(_example("convert_on_pack.py"))  # bf16 math into an f32 DFB
    assert compute.fp32_dest_acc_en and compute.unpack_to_dest == ()


SOURCE = """import ttlang as ttl


def make(fp32=None):
    @ttl.operation(grid=(1, 1), fp32_dest_acc_en=fp32)
    def op(a, b, out):
        da = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
        db = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
        o = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
        with da.reserve() as x:
            ttl.copy(a[0, 0], x).wait()
        with db.reserve() as x:
            ttl.copy(b[0, 0], x).wait()
        with da.wait() as x, db.wait() as y, o.reserve() as z:
            z.store(MATH)
        with o.wait() as z:
            ttl.copy(z, out[0, 0]).wait()

    return op
"""


@pytest.fixture
def make(tmp_path):
    def make(math: str, fp32: bool | None = None):
        name = f"u2d_ops_{len(list(tmp_path.iterdir()))}"
        path = tmp_path / f"{name}.py"
        path.write_text(SOURCE.replace("MATH", math))
        return load_module(path, name).make(fp32)

    return make


def _compile(op, dtype="float32"):
    spec = ttl.TensorSpec((32, 32), dtype=dtype)
    return _compute(op.compile(spec, spec, spec))


def test_fpu_operands_stay_on_the_source_registers(make):
    compute = _compile(make("x + y"))  # add_tiles: FPU
    assert compute.fp32_dest_acc_en and compute.unpack_to_dest == ()
    assert "add_tiles(" in compute.source


def test_every_leaf_of_an_sfpu_expression(make):
    compute = _compile(make("ttl.math.exp(x) + y"))  # copy_tile of both, SFPU add
    assert "add_binary_tile(" in compute.source
    assert len(compute.unpack_to_dest) == 2


def test_bf16_is_never_unpacked_to_dest(make):
    compute = _compile(make("ttl.math.exp(x) + y", fp32=True), dtype="bfloat16")
    assert compute.fp32_dest_acc_en and compute.unpack_to_dest == ()


def test_not_without_fp32_dest(make):
    compute = _compile(make("ttl.math.exp(x) + y", fp32=False))
    assert not compute.fp32_dest_acc_en and compute.unpack_to_dest == ()


def test_kernel_check_follows_the_record(toolchain):
    artifact = _example("two_readers.py").artifact
    (job,) = [job for job in artifact_jobs(artifact) if job.processor.is_compute]
    (index,) = job.unpack_to_dest
    assert job.fp32_dest_acc_en
    header = _descriptors(dict(job.dfb_formats), job.fp32_dest_acc_en, job.unpack_to_dest)
    dst = re.search(r"unpack_dst_format\[32\] = \{([^}]*)\}", header).group(1).split(", ")
    others = [i for i, fmt in job.dfb_formats if fmt == "float32" and i != index]
    assert int(dst[index]) == FLOAT32 and others and all(int(dst[i]) == TF32 for i in others)
    assert_pass_without_warnings(run_jobs([job], toolchain))
