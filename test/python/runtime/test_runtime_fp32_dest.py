"""fp32 DEST accumulation reaches ttnn: the compiler marks compute kernels that touch an f32 DFB
(``KernelDescriptorSpec.fp32_dest_acc_en``), the materializer builds their
``ComputeConfigDescriptor(fp32_dest_acc_en=True)``, emitted runners keep the flag, and it is part
of the program-cache identity."""

from __future__ import annotations

import dataclasses

import rt_artifacts as A

import ttlang as ttl
from ttlang.artifact import ProcessorRole
from ttlang.runtime import OperationRuntime
from ttlang.runtime.cache import canonical
from ttlang.runtime.runner import load_runner, write_runner

TENSORS = ("input", "output")


def _with_fp32_compute(artifact):
    kernels = tuple(
        dataclasses.replace(k, fp32_dest_acc_en=True) if k.role is ProcessorRole.COMPUTE else k
        for k in artifact.kernels
    )
    return dataclasses.replace(artifact, kernels=kernels)


def _factory(**_):
    return ttl.ProgramRuntimeResources(kernel_resources=())


def _compute_config(result):
    (compute,) = [k for k in result.program.kernels if k.kernel_source == A.COMPUTE_SOURCE]
    return compute.config


def test_default_is_16_bit_dest(ttnn):
    config = _compute_config(OperationRuntime(A.collective()).run(TENSORS, runtime_resource_factory=_factory))
    assert isinstance(config, ttnn.ComputeConfigDescriptor)
    assert config.fp32_dest_acc_en is False


def test_flagged_compute_kernel_gets_fp32_dest(ttnn):
    artifact = _with_fp32_compute(A.collective())
    config = _compute_config(OperationRuntime(artifact).run(TENSORS, runtime_resource_factory=_factory))
    assert config.fp32_dest_acc_en is True
    # Everything else keeps ttnn's defaults.
    default = ttnn.ComputeConfigDescriptor()
    assert (config.math_fidelity, config.math_approx_mode, config.dst_full_sync_en) == (
        default.math_fidelity,
        default.math_approx_mode,
        default.dst_full_sync_en,
    )


def test_runner_keeps_the_flag(ttnn, tmp_path):
    artifact = _with_fp32_compute(A.collective())
    runner = load_runner(write_runner(artifact, tmp_path / "fp32_runner.py"))
    assert runner.ARTIFACT == artifact
    assert "fp32_dest_acc_en=True" in (tmp_path / "fp32_runner.py").read_text()


def test_flag_is_part_of_the_program_identity(ttnn):
    plain, fp32 = A.collective(), _with_fp32_compute(A.collective())
    assert canonical(plain) != canonical(fp32)
    a = OperationRuntime(plain).run(TENSORS, runtime_resource_factory=_factory)
    b = OperationRuntime(fp32).run(TENSORS, runtime_resource_factory=_factory)
    assert a.program_hash != b.program_hash
