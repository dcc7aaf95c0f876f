"""The runtime rejects compiled artifacts that break its contract before any dispatch."""

from __future__ import annotations

import dataclasses

import pytest
import rt_artifacts as A

from ttlang.artifact import (
    ArgKind,
    CoreRange,
    DataflowBufferConfigSpec,
    KernelABI,
    KernelArg,
    ProcessorRole,
    TensorParamSpec,
)
from ttlang.runtime import ArtifactError, KernelRecordError, OperationRuntime
from ttlang.runtime.runner import load_runner, write_runner


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
        (dataclasses.replace(A.collective(), tensors=(
            TensorParamSpec("input_tensor", (64, 64), "bfloat16", "dram", "height_sharded"),) + A.tensors()[1:]),
         "a height_sharded tensor with an interleaved tensor accessor"),
        (replace_kernel(A.collective(), 0, abi=abi([], [KernelArg(ArgKind.TENSOR_ACCESSOR, "nope", 2, (2, 2048))])),
         "compile-time arg names unknown tensor 'nope'"),
        (dataclasses.replace(A.collective(), compiler_semaphore_count=17), "exceed the hardware limit"),
    ],
)
def test_invalid_artifacts(artifact, match):
    with pytest.raises(ArtifactError, match=match):
        OperationRuntime(artifact)


CALLER = KernelArg(ArgKind.CALLER_ARGS, "c", 0)


# The rules of one record are its attributes' C++ verifiers' (TTLAttrs.cpp); the runtime rebuilds
# every descriptor's record through them and reports the verifier's words.
@pytest.mark.parametrize(
    "artifact, match",
    [
        (replace_kernel(A.collective(), 0, abi=abi([CALLER, KernelArg(ArgKind.CORE_COORD, "xy", 2)])),
         "per_core_runtime slots follow the caller's words, so the kernel needs a caller_arg_count"),
        (replace_kernel(A.collective(), 0, abi=abi([CALLER, dataclasses.replace(CALLER, ref="d")])),
         "two caller_args slots"),
        (replace_kernel(A.collective(), 0, abi=abi([KernelArg(ArgKind.CALLER_ARGS, "c")])),
         "caller_args slot 'c' has count 1"),
        (replace_kernel(A.collective(), 0, abi=abi([CALLER, KernelArg(ArgKind.CORE_COORD, "xy", 1)],
                                                    [KernelArg(ArgKind.CALLER_ARG_COUNT, "c")])),
         "core_coord slot 'xy' has count 1; a core coordinate takes 2 words"),
        (replace_kernel(A.collective(), 0, abi=abi([KernelArg(ArgKind.DFB_CONFIG_ADDRESS, "nope")])),
         "dfb_config_address slot 'nope' names a configuration that is not in dfb_configurations"),
        (replace_kernel(A.collective(), 0, abi=abi([], [KernelArg(ArgKind.DFB_INDEX, "missing", 1, (0,))])),
         "dfb_index slot 'missing' names a DFB that is not in dataflow_buffers"),
        (replace_kernel(A.collective(), 0, abi=abi([], [KernelArg(ArgKind.TENSOR_ACCESSOR, "input_tensor", 3,
                                                                   (2, 2048))])),
         "tensor_accessor slot 'input_tensor' carries 2 words but counts 3"),
        (replace_kernel(A.collective(), 0, abi=abi([], [KernelArg(ArgKind.DFB_INDEX, "in_dfb", 1, (3,))])),
         r"dfb_index slot 'in_dfb' carries \[3\], not its DFB's physical index 0"),
        (replace_kernel(A.collective(), 0, abi=abi([], [KernelArg(ArgKind.BUFFER_ADDRESS, "input_tensor")])),
         "a buffer_address slot cannot be a compile_time argument"),
        (dataclasses.replace(A.reconfiguring(), dfb_configurations=(
            DataflowBufferConfigSpec("in_dfb.a", "gone", 0x19000),
            DataflowBufferConfigSpec("in_dfb.b", "in_dfb", 0x19040))),
         "DFB configuration 'in_dfb.a' reconfigures DFB 'gone', which is not in dataflow_buffers"),
        (replace_kernel(A.collective(), 0, role=ProcessorRole.COMPUTE),
         "a data_movement kernel cannot run in role compute"),
        (replace_kernel(A.collective(), 0, core_ranges=()), "kernel record needs at least one core range"),
    ],
)
def test_records_that_break_a_verifier_rule(artifact, match):
    with pytest.raises(KernelRecordError, match=f"descriptor 0 of kernel '[a-z_]+': {match}"):
        OperationRuntime(artifact)


def test_reconfiguring_kernel_needs_caller_words_first():
    artifact = A.reconfiguring()
    per_core = artifact.kernels[0].abi.per_core_runtime_args
    bad = replace_kernel(artifact, 0, abi=dataclasses.replace(
        artifact.kernels[0].abi, per_core_runtime_args=(per_core[1], per_core[0], per_core[2])))
    with pytest.raises(KernelRecordError, match="the caller_args slot of a reconfiguring kernel comes first"):
        OperationRuntime(bad)


def test_a_runner_whose_records_were_edited_is_rejected(tmp_path):
    """An emitted runner is Python anyone can edit: loading it rebuilds its records through the
    verifiers, so a broken one fails at import with the verifier's words."""
    path = write_runner(A.collective(), tmp_path / "edited_runner.py")
    text = path.read_text()
    assert text.count("page_size=2048") == 2
    path.write_text(text.replace("page_size=2048", "page_size=0", 1))
    with pytest.raises(KernelRecordError, match="DFB spec 'in_dfb' needs a name, index >= 0, page_size >= 1"):
        load_runner(path)
    path.write_text(text)
    assert load_runner(path).ARTIFACT == A.collective()
