"""Unpack to DEST reaches ttnn: the materializer sets ``ComputeConfigDescriptor.unpack_to_dest_mode``
to ``UnpackToDestFp32`` exactly at the CB indices of ``KernelDescriptorSpec.unpack_to_dest``
(one entry per circular buffer of the target, as tt-metal's JIT wants), emitted runners keep
the record, it is part of the program-cache identity, and the runtime rejects records that
cannot be right."""

from __future__ import annotations

import dataclasses

import pytest
import rt_artifacts as A

import ttlang as ttl
from ttlang.artifact import ProcessorRole
from ttlang.runtime import OperationRuntime
from ttlang.runtime.cache import canonical
from ttlang.runtime.errors import ArtifactError
from ttlang.runtime.runner import load_runner, write_runner

TENSORS = ("input", "output")


def _f32(artifact, *, unpack_to_dest=(0, 16), fp32_dest_acc_en=True, role=ProcessorRole.COMPUTE, **fields):
    """The collective with f32 DFBs and the record on its ``role`` kernel."""
    dfbs = tuple(dataclasses.replace(d, data_format="float32", page_size=4096, total_size=8192)
                 for d in artifact.dataflow_buffers)
    kernels = tuple(
        dataclasses.replace(k, fp32_dest_acc_en=fp32_dest_acc_en, unpack_to_dest=unpack_to_dest)
        if k.role is role else k
        for k in artifact.kernels
    )
    return dataclasses.replace(artifact, dataflow_buffers=dfbs, kernels=kernels, **fields)


def _factory(**_):
    return ttl.ProgramRuntimeResources(kernel_resources=())


def _compute_config(artifact):
    result = OperationRuntime(artifact).run(TENSORS, runtime_resource_factory=_factory)
    (compute,) = [k for k in result.program.kernels if k.kernel_source == A.COMPUTE_SOURCE]
    return compute.config


def test_default_leaves_unpack_to_dest_mode_empty(ttnn):
    config = _compute_config(_f32(A.collective(), unpack_to_dest=()))
    assert config.fp32_dest_acc_en is True
    assert list(config.unpack_to_dest_mode) == []  # ttnn's default: every CB Default


@pytest.mark.parametrize("target, cbs", [("wormhole_b0", 32), ("blackhole", 64)])
def test_unpack_to_dest_fp32_exactly_at_the_recorded_indices(ttnn, target, cbs):
    config = _compute_config(_f32(A.collective(), target=target))
    modes = list(config.unpack_to_dest_mode)
    assert len(modes) == cbs
    assert [i for i, m in enumerate(modes) if m == ttnn.UnpackToDestMode.UnpackToDestFp32] == [0, 16]
    assert all(m == ttnn.UnpackToDestMode.Default for i, m in enumerate(modes) if i not in (0, 16))
    assert config.fp32_dest_acc_en is True


def test_runner_keeps_the_record(ttnn, tmp_path):
    artifact = _f32(A.collective())
    runner = load_runner(write_runner(artifact, tmp_path / "u2d_runner.py"))
    assert runner.ARTIFACT == artifact
    assert "unpack_to_dest=(0, 16)" in (tmp_path / "u2d_runner.py").read_text()


def test_record_is_part_of_the_program_identity(ttnn):
    plain, to_dest = _f32(A.collective(), unpack_to_dest=()), _f32(A.collective())
    assert canonical(plain) != canonical(to_dest)
    assert canonical(to_dest) != canonical(_f32(A.collective(), unpack_to_dest=(0,)))
    a = OperationRuntime(plain).run(TENSORS, runtime_resource_factory=_factory)
    b = OperationRuntime(to_dest).run(TENSORS, runtime_resource_factory=_factory)
    assert a.program_hash != b.program_hash


@pytest.mark.parametrize(
    "change, message",
    [
        (dict(fp32_dest_acc_en=False), "unpack_to_dest needs a compute kernel with fp32_dest_acc_en"),
        (dict(role=ProcessorRole.DATA_MOVEMENT_0), "unpack_to_dest needs a compute kernel with fp32_dest_acc_en"),
        (dict(unpack_to_dest=(3,)), "unpack_to_dest names DFB index 3, which is not an f32 DFB"),
        (dict(unpack_to_dest=(0, 0)), "unpack_to_dest names a DFB twice"),
    ],
)
def test_impossible_records_are_rejected(ttnn, change, message):
    with pytest.raises(ArtifactError, match=message):
        OperationRuntime(_f32(A.collective(), **change))


def test_bf16_dfb_cannot_be_unpacked_to_dest(ttnn):
    artifact = _f32(A.collective())
    bf16 = dataclasses.replace(artifact, dataflow_buffers=A.dfbs())
    with pytest.raises(ArtifactError, match="DFB index 0, which is not an f32 DFB"):
        OperationRuntime(bf16)
