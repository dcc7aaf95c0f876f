"""The spec's ``make_collective`` exactly as written (only ``import ttlang as ttl`` and the
header path are ours), run twice in compile-only dispatch: one compile, then a cache hit.

examples/runtime_collective.py changes one word per core so that successive dispatches carry new
words; this test keeps the spec's text byte for byte to show it compiles and runs unchanged."""

from __future__ import annotations

import pathlib

import ttnn

import ttlang as ttl

HEADER = str(
    pathlib.Path(__file__).resolve().parents[3] / "examples" / "external" / "collective_sender.hpp"
)


# --- the spec's text, verbatim -------------------------------------------------------------
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
                            (first_free_semaphore_id, 0),
                        ),
                        ttl.CoreRuntimeArgs(
                            ttnn.CoreCoord(1, 0),
                            (first_free_semaphore_id, 1),
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
# --- end of the spec's text ----------------------------------------------------------------


class Owner:
    pass


def test_spec_text_runs_twice_compile_only_with_one_compile_and_a_cache_hit():
    owner = Owner()
    collective = make_collective(owner)
    spec = ttl.TensorSpec((32, 64))
    factory_calls = []
    factory = collective.runtime_resource_factory

    def counting_factory(**kwargs):
        factory_calls.append(kwargs["first_free_semaphore_id"])
        return factory(**kwargs)

    runtime = collective.runtime(spec, spec)
    first = runtime.run((spec, spec), runtime_resource_factory=counting_factory)
    second = runtime.run((spec, spec), runtime_resource_factory=counting_factory)

    assert first.compile_only and second.compile_only
    assert (first.cache_hit, second.cache_hit) == (False, True)
    assert runtime.cache.misses == 1 and runtime.cache.hits == 1
    assert len(factory_calls) == 2, "the factory runs on every execution; its result is not cached"
    sid = runtime.first_free_semaphore_id
    (kernel,) = second.program.kernels
    assert list(kernel.runtime_args[0][0]) == [sid, 0]
    assert list(kernel.runtime_args[1][0]) == [sid, 1]
    assert list(kernel.defines) == [("FABRIC_2D", "1")]
    assert runtime.retained_owners[0] is owner
    # The operation call path (op(*tensors, device=None)) reuses the same runtime and cache.
    third = collective(spec, spec, device=None)
    assert third.cache_hit and third.program_hash == first.program_hash
