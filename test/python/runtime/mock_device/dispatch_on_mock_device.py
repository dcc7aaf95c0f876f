"""Runs the collective through ttnn.generic_op on a mock Wormhole device and prints what
happened as JSON (run in a subprocess by test_runtime_mock_device.py: the mock environment must
be set before tt-metal starts)."""

import dataclasses
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import rt_artifacts as A  # noqa: E402
import ttnn  # noqa: E402

import ttlang as ttl  # noqa: E402
from ttlang.runtime import BoundKernel, OperationRuntime  # noqa: E402


def _load_example(name: str):
    import importlib.util  # noqa: PLC0415

    path = pathlib.Path(__file__).resolve().parents[4] / "examples" / name
    spec = importlib.util.spec_from_file_location(f"{path.stem}_example", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _load_collective_example():
    return _load_example("runtime_collective.py")


def main(include_dir: str) -> None:
    artifact = A.collective()
    sender_spec = dataclasses.replace(artifact.kernels[0], include_paths=(include_dir,))
    runtime = OperationRuntime(dataclasses.replace(artifact, kernels=(sender_spec,) + artifact.kernels[1:]))
    sender = BoundKernel(A.sender_id())

    def make(word, semaphore_offset=0):
        def make_resources(*, tensors, core_ranges, first_free_semaphore_id):
            sid = first_free_semaphore_id + semaphore_offset
            semaphore = ttnn.SemaphoreDescriptor(sid, core_ranges=core_ranges, initial_value=0)
            return ttl.ProgramRuntimeResources(
                semaphore_descriptors=(semaphore,),
                kernel_resources=(ttl.KernelRuntimeResources(sender, (
                    ttl.CoreRuntimeArgs(ttnn.CoreCoord(0, 0), (sid, word)),
                    ttl.CoreRuntimeArgs(ttnn.CoreCoord(1, 0), (sid, word + 1)),
                )),),
                lifetimes=(semaphore,),
            )

        return make_resources

    device = ttnn.open_device(device_id=0)
    report = {}
    try:
        tensors = [
            ttnn.Tensor(np.full((64, 64), v, dtype=np.float32), data_type=ttnn.bfloat16, device=device,
                        layout=ttnn.TILE_LAYOUT, mem_config=ttnn.DRAM_MEMORY_CONFIG)
            for v in (1.0, 0.0)
        ]
        runs = [("first", make(0)), ("new words", make(5)), ("semaphore id 3", make(5, semaphore_offset=2))]
        for name, factory in runs:
            result = runtime.run(tensors, runtime_resource_factory=factory, device=device)
            program = result.program
            program_hash = program.custom_program_hash
            program.custom_program_hash = None
            report[name] = {
                "compile_only": result.compile_only,
                "cache_hit": result.cache_hit,
                "ttnn_cache_entries": device.num_program_cache_entries(),
                "custom_hash": program_hash,
                "ttnn_own_hash": ttnn.compute_program_descriptor_hash(program),
                "common_args": list(program.kernels[0].common_runtime_args),
                "input_address": tensors[0].buffer_address(),
            }
        # core specialization and caller-count groups are accepted by tt-metal as well
        specialized = OperationRuntime(A.specialized())
        args = tuple(ttl.CoreRuntimeArgs((x, y), (x, y)) for y in range(2) for x in range(4))
        result = specialized.run(tensors, device=device, runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources(
            kernel_resources=(ttl.KernelRuntimeResources(sender, args),)))
        report["specialized"] = {"descriptors": len(result.program.kernels),
                                 "ttnn_cache_entries": device.num_program_cache_entries()}
        reconfiguring = OperationRuntime(A.reconfiguring())
        args = (ttl.CoreRuntimeArgs((0, 0), (1, 2)), ttl.CoreRuntimeArgs((1, 0), (3,)))
        result = reconfiguring.run(tensors, device=device, runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources(
            kernel_resources=(ttl.KernelRuntimeResources(A.KernelKind.DATA_MOVEMENT, args),)))
        report["reconfiguring"] = {"descriptors": len(result.program.kernels),
                                   "ttnn_cache_entries": device.num_program_cache_entries()}
        # The spec's collective, compiled by the frontend and run as tt-lang programs call it:
        # on the device of its tensors, twice with new runtime words.
        example = _load_collective_example()
        collective, owner = example.collective, example.RUNTIME_OWNER
        entries_before = device.num_program_cache_entries()
        runs = []
        for sequence in (0, 40):
            owner.sequence = sequence
            result = collective(*tensors)
            runs.append({
                "compile_only": result.compile_only,
                "cache_hit": result.cache_hit,
                "new_ttnn_cache_entries": device.num_program_cache_entries() - entries_before,
                "words_on_1_0": list(result.program.kernels[0].runtime_args[1][0]),
                "common_args": list(result.program.kernels[0].common_runtime_args),
                "addresses": [t.buffer_address() for t in tensors],
            })
        report["frontend collective"] = runs
        # The compile-time TensorAccessorArgs words the compiler records in the kernel ABI
        # (#ttl.arg words of a tensor_accessor slot) against ttnn's own, for every supported
        # placement: the writer of the explicit add copies `out` (parameter 2).
        from ttlang.artifact import ArgKind

        add = _load_example("tile_add_explicit.py").tile_add
        accessors = []
        for buffer_type, mem_config in (("dram", ttnn.DRAM_MEMORY_CONFIG), ("l1", ttnn.L1_MEMORY_CONFIG)):
            for dtype, data_type in (("bfloat16", ttnn.bfloat16), ("float32", ttnn.float32)):
                tensor = ttnn.Tensor(np.zeros((64, 64), dtype=np.float32), data_type=data_type, device=device,
                                     layout=ttnn.TILE_LAYOUT, mem_config=mem_config)
                spec = ttl.TensorSpec((64, 64), dtype, buffer_type)
                compiled = add.compile(spec, spec, spec)
                (words,) = {
                    arg.words
                    for kernel in compiled.artifact.kernels
                    for arg in kernel.abi.compile_time_args
                    if arg.kind is ArgKind.TENSOR_ACCESSOR and arg.ref == "2"
                }
                accessors.append({
                    "placement": f"{buffer_type} {dtype}",
                    "ttnn": list(ttnn.TensorAccessorArgs(tensor).get_compile_time_args()),
                    "ttlang": list(words),
                })
        report["tensor accessor words"] = accessors
    finally:
        ttnn.close_device(device)
    print("REPORT " + json.dumps(report))


if __name__ == "__main__":
    main(sys.argv[1])
