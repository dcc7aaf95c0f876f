"""The runtime rejects compiled artifacts that break its contract before any dispatch."""

from __future__ import annotations

import dataclasses

import pytest
import rt_artifacts as A

from ttlang.artifact import ArgKind, CoreRange, KernelABI, KernelArg, TensorParamSpec
from ttlang.runtime import ArtifactError, OperationRuntime


def replace_kernel(artifact, index, **changes):
    kernels = list(artifact.kernels)
    kernels[index] = dataclasses.replace(kernels[index], **changes)
    return dataclasses.replace(artifact, kernels=tuple(kernels))


def abi(per_core, compile_time=()):
    return KernelABI(tuple(compile_time), (), tuple(per_core))


def test_valid_artifacts_build():
    for artifact in (A.collective(), A.specialized(), A.reconfiguring(), A.with_fabric()):
        assert OperationRuntime(artifact).layout.descriptors


@pytest.mark.parametrize(
    "artifact, match",
    [
        # two descriptors of one logical kernel on the same core: a coordinate would match both
        (replace_kernel(A.specialized(), 1, core_ranges=(CoreRange((0, 1), (3, 1)),)),
         r"descriptors 0 and 1 of kernel 'sender' both run on core \(0, 1\)"),
        (replace_kernel(A.collective(), 0, core_ranges=(CoreRange((0, 0), (2, 0)),)),
         r"runs outside the grid at \(2, 0\)"),
        (replace_kernel(A.collective(), 0, abi=abi([KernelArg(ArgKind.CALLER_ARGS, "c"),
                                                     KernelArg(ArgKind.CORE_COORD, "xy", 2)])),
         "per-core arguments follow the caller's, so the kernel needs a caller-argument-count"),
        (replace_kernel(A.collective(), 0, abi=abi([KernelArg(ArgKind.CALLER_ARGS, "c"), KernelArg(ArgKind.CALLER_ARGS, "d")])),
         "two caller-argument slots"),
        (replace_kernel(A.collective(), 0, abi=abi([KernelArg(ArgKind.DFB_CONFIG_ADDRESS, "nope")])),
         "unknown DFB configuration 'nope'"),
        (replace_kernel(A.collective(), 0, abi=abi([], [KernelArg(ArgKind.DFB_INDEX, "missing")])),
         "names unknown DFB 'missing'"),
        (replace_kernel(A.collective(), 0, abi=abi([], [KernelArg(ArgKind.TENSOR_ACCESSOR, "input_tensor", 3,
                                                                   (2, 2048))])),
         "carries 2 words, ABI says 3"),
        (replace_kernel(A.collective(), 0, abi=abi([], [KernelArg(ArgKind.DFB_INDEX, "in_dfb", 1, (3,))])),
         r"compile-time arg of DFB 'in_dfb' carries \(3,\), not its physical index 0"),
        (replace_kernel(A.collective(), 0, abi=abi([], [KernelArg(ArgKind.BUFFER_ADDRESS, "input_tensor")])),
         "buffer_address cannot be a compile-time argument"),
        (dataclasses.replace(A.collective(), tensors=(
            TensorParamSpec("input_tensor", (64, 64), "bfloat16", "dram", "height_sharded"),) + A.tensors()[1:]),
         "a height_sharded tensor with an interleaved tensor accessor"),
        (dataclasses.replace(A.collective(), compiler_semaphore_count=17), "exceed the hardware limit"),
    ],
)
def test_invalid_artifacts(artifact, match):
    with pytest.raises(ArtifactError, match=match):
        OperationRuntime(artifact)


def test_reconfiguring_kernel_needs_caller_words_first():
    artifact = A.reconfiguring()
    per_core = artifact.kernels[0].abi.per_core_runtime_args
    bad = replace_kernel(artifact, 0, abi=dataclasses.replace(
        artifact.kernels[0].abi, per_core_runtime_args=(per_core[1], per_core[0], per_core[2])))
    with pytest.raises(ArtifactError, match="caller per-core arguments must come first"):
        OperationRuntime(bad)
