"""The spec's runtime-resources collective (``make_collective``) with ``import ttlang as ttl``.

There is no Tenstorrent device here, so the operation runs as an explicit compile-only dispatch
(``device=None``): it is compiled (frontend, passes, TT-Metal C++ backend), its runtime resource
factory runs, the resources are validated, the program cache is consulted and real ttnn
descriptors are materialized; nothing executes. ``HEADER`` is ``examples/external/
collective_sender.hpp``, whose ``collective_sender`` reads the caller's per-core words at indices
0 and 1.

``make_collective`` is the spec's text with one change: the second word of each core comes from
the runtime owner's ``sequence`` (0 and 1 when it is 0, the spec's words), so that successive
dispatches carry new runtime words, as a real caller's would.

``run_on_mesh`` executes the same operation on the two chips of an emulated 1x2 mesh
(``ttlang.emu.open_mesh_device``): the factory runs once per device execution, and each chip's
program carries the words of its own call.

Run: ``.venv/bin/python examples/runtime_collective.py`` (``make demo`` runs it too).
"""

from __future__ import annotations

import dataclasses
import pathlib
import tempfile

# ttlang first: once it is imported, ttnn's start-up DEBUG line stays out of the output
# (docs/building.md, "Quiet imports").
import ttlang as ttl
from ttlang.runtime.runner import load_runner, write_runner

import ttnn  # noqa: E402,I001

HEADER = str(pathlib.Path(__file__).resolve().parent / "external" / "collective_sender.hpp")


class RuntimeOwner:
    """A host object the program needs alive while it runs; carries this dispatch's sequence."""

    sequence = 0


def make_collective(runtime_owner):
    sender = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)

    def make_resources(*, tensors, core_ranges, first_free_semaphore_id):
        semaphore = ttnn.SemaphoreDescriptor(
            first_free_semaphore_id,
            core_ranges=core_ranges,
            initial_value=0,
        )
        return ttl.ProgramRuntimeResources(
            semaphore_descriptors=(semaphore,),
            kernel_resources=(
                ttl.KernelRuntimeResources(
                    kernel=sender,
                    runtime_args=(
                        ttl.CoreRuntimeArgs(
                            ttnn.CoreCoord(0, 0),
                            (first_free_semaphore_id, runtime_owner.sequence),
                        ),
                        ttl.CoreRuntimeArgs(
                            ttnn.CoreCoord(1, 0),
                            (first_free_semaphore_id, runtime_owner.sequence + 1),
                        ),
                    ),
                    defines=(ttl.KernelDefine("FABRIC_2D", "1"),),
                ),
            ),
            lifetimes=(runtime_owner, semaphore),
        )

    @ttl.operation(grid=(2, 1), runtime_resource_factory=make_resources)
    def collective(input_tensor, output_tensor):
        ttl.call_extern_func(
            HEADER,
            "collective_sender",
            func_args=[input_tensor, output_tensor],
            kernel=sender,
        )

    return collective


RUNTIME_OWNER = RuntimeOwner()
collective = make_collective(RUNTIME_OWNER)
INPUT = ttl.TensorSpec((32, 64))
OUTPUT = ttl.TensorSpec((32, 64))


def variant(change):
    """The operation's own factory with its result changed by ``change(entry)``."""
    factory = collective.runtime_resource_factory

    def make(**kwargs):
        resources = factory(**kwargs)
        entry = change(resources.kernel_resources[0])
        return dataclasses.replace(resources, kernel_resources=(entry,))

    return make


def main() -> None:
    print("== the sender kernel (TT-Metal C++ from the backend)")
    print(collective.compile(INPUT, OUTPUT).descriptors[0].source)

    print("== first dispatch: compiles the operation and its program")
    first = collective(INPUT, OUTPUT, device=None)
    print(first.describe())

    print("\n== second dispatch, new runtime words: a cache hit carrying them")
    RUNTIME_OWNER.sequence = 40
    second = collective(INPUT, OUTPUT, device=None)
    print(second.describe())
    assert second.cache_hit and second.program_hash == first.program_hash
    runtime = collective.runtime(INPUT, OUTPUT)  # the same compilation and program cache
    semaphore_id = runtime.first_free_semaphore_id
    assert list(second.program.kernels[0].runtime_args[1][0]) == [semaphore_id, 41]
    tensors = (INPUT, OUTPUT)
    print("\n== a different definition (FABRIC_2D=0): a new program")
    define = runtime.run(tensors, runtime_resource_factory=variant(
        lambda e: dataclasses.replace(e, defines=(ttl.KernelDefine("FABRIC_2D", "0"),))))
    print(f"cache {'hit' if define.cache_hit else 'miss'}, program {define.program_hash:#018x}")
    print("\n== one more word on core (1, 0) (a longer runtime-arg vector): a new program")
    longer = runtime.run(tensors, runtime_resource_factory=variant(
        lambda e: dataclasses.replace(e, runtime_args=(
            e.runtime_args[0], ttl.CoreRuntimeArgs(ttnn.CoreCoord(1, 0), e.runtime_args[1].values + (7,))))))
    print(f"cache {'hit' if longer.cache_hit else 'miss'}, program {longer.program_hash:#018x}")
    print(f"\nprogram cache: {runtime.cache.hits} hit(s), {runtime.cache.misses} miss(es); "
          f"compiled runtimes: {len(collective._runtimes)}; retained owners: "
          f"{tuple(type(o).__name__ for o in runtime.retained_owners)}")

    print("\n== emitted runner of the compiled operation")
    with tempfile.TemporaryDirectory() as folder:
        path = write_runner(collective.compile(INPUT, OUTPUT).artifact, pathlib.Path(folder) / "collective_runner.py")
        runner = load_runner(path)
        via_runner = runner.run(tensors, runtime_resource_factory=collective.runtime_resource_factory)
        print(f"{path.name}: compile-only={via_runner.compile_only}, same program: "
              f"{via_runner.program_hash == first.program_hash}, words on (1, 0): "
              f"{list(via_runner.program.kernels[0].runtime_args[1][0])}")


def run_on_mesh():
    """Runs ``collective`` on a 1x2 emulated mesh; returns the mesh result and the output."""
    import ttlang.emu as emu  # noqa: PLC0415 - only this function runs on the emulated mesh

    mesh = emu.open_mesh_device((1, 2))
    inp, out = mesh.empty(INPUT.shape), mesh.empty(OUTPUT.shape)
    return collective(inp, out), out


if __name__ == "__main__":
    main()
