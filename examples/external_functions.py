"""The external-function examples of docs/external-functions.md as runnable operations.

Run it to print each operation's kernel functions (TTL IR) and generated C++ kernels:

    .venv/bin/python examples/external_functions.py [operation ...]
"""

import os

import ttlang as ttl

HEADER = "ttlang_examples.hpp"
PROJECT_INCLUDE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "external")
TRANSACTION_COUNT = 3
TILES_PER_TRANSACTION = 2


@ttl.operation(grid=(1, 1))
def compute_external(inp):
    ttl.call_extern_func(
        HEADER,
        "compute_entry",
        func_args=[ttl.raw_addr(inp)],
        include_paths=[PROJECT_INCLUDE_DIR],
        kernel=ttl.KernelKind.COMPUTE,
    )


@ttl.operation(grid=(1, 1))
def shared_external(inp):
    ttl.call_extern_func(
        HEADER,
        "shared_entry",
        include_paths=[PROJECT_INCLUDE_DIR],
        kernel=ttl.KernelKind.COMPUTE | ttl.KernelKind.DATA_MOVEMENT,
    )


@ttl.operation(grid=(1, 1))
def predicated_external(inp):
    predicate = ttl.call_extern_func(
        HEADER,
        "is_enabled",
        result_type=ttl.ScalarType.I64,
        include_paths=[PROJECT_INCLUDE_DIR],
        kernel=ttl.KernelKind.COMPUTE,
    )
    if predicate:
        ttl.call_extern_func(
            HEADER,
            "execute_enabled_work",
            include_paths=[PROJECT_INCLUDE_DIR],
            kernel=ttl.KernelKind.COMPUTE,
        )


def make_selected_external():
    reader = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)

    @ttl.operation(grid=(1, 1))
    def selected_external(inp):
        ttl.call_extern_func(
            HEADER,
            "reader_entry",
            func_args=[inp],
            include_paths=[PROJECT_INCLUDE_DIR],
            kernel=reader,
        )
        ttl.call_extern_func(
            HEADER,
            "shared_entry",
            include_paths=[PROJECT_INCLUDE_DIR],
            kernel=(ttl.KernelKind.COMPUTE, reader),
        )

    return selected_external


def make_explicit_operation():
    reader = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)

    @ttl.operation(grid=(1, 1))
    def explicit_operation(inp):
        @ttl.compute(kernel=ttl.KernelKind.COMPUTE)
        def compute_thread():
            pass

        @ttl.datamovement(kernel=reader)
        def reader_thread():
            ttl.call_extern_func(
                HEADER, "reader_entry", func_args=[inp], include_paths=[PROJECT_INCLUDE_DIR]
            )

    return explicit_operation


def make_conditional_operation():
    active = ttl.DispatchCondition(ttl.ScalarType.I64)
    producer = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)
    consumer = ttl.Kernel(ttl.KernelKind.COMPUTE)

    @ttl.operation(grid=(1, 1))
    def conditional_operation(input_tensor):
        staged = ttl.make_dataflow_buffer_like(input_tensor, shape=(1, 1), block_count=2)
        producer_active = ttl.call_extern_func(
            HEADER,
            "evaluate_for_producer",
            condition_result=active,
            include_paths=[PROJECT_INCLUDE_DIR],
            kernel=producer,
        )
        consumer_active = ttl.call_extern_func(
            HEADER,
            "evaluate_for_consumer",
            condition_result=active,
            include_paths=[PROJECT_INCLUDE_DIR],
            kernel=consumer,
        )
        # The producer's guarded push and the consumer's guarded pop run under one declaration:
        # the DFB lifecycle pass proves them balanced.
        if producer_active:
            blk = staged.reserve()
            ttl.copy(input_tensor[0, 0], blk, kernel=producer).wait()
            blk.push()
        if consumer_active:
            out = staged.wait()
            out.pop(kernel=consumer)

    return conditional_operation


@ttl.operation(grid=(1, 1))
def external_copy_operation(inp):
    source_dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)
    destination_dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)
    ttl.call_extern_func(
        HEADER,
        "external_copy",
        template_args=[
            ttl.dfb_descriptor(source_dfb),
            ttl.dfb_descriptor(destination_dfb),
            4,
            False,
        ],
        include_paths=[PROJECT_INCLUDE_DIR],
        kernel=ttl.KernelKind.DATA_MOVEMENT,
    )


@ttl.operation(grid=(1, 1))
def external_stage_operation(inp, out):
    source = ttl.make_dataflow_buffer_like(inp, shape=(1, 2), block_count=1)
    destination = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)
    with source.reserve() as blk:
        ttl.copy(inp[0:1, 0:2], blk).wait()
    # The spec's call, plus the destination's index so the C++ can name it (an index does not
    # declare a dependency: `destination` is one through dfb_dependencies).
    ttl.call_extern_func(
        HEADER,
        "external_stage",
        template_args=[ttl.get_dfb_id(source), ttl.get_dfb_id(destination)],
        func_args=[source],
        dfb_dependencies=[destination],
        dfb_effects=[
            ttl.DFBEffect.wait(source, tiles=2),
            ttl.DFBEffect.pop(source, tiles=2),
            ttl.DFBEffect.reserve(destination, tiles=1),
            ttl.DFBEffect.push(destination, tiles=1),
        ],
        include_paths=[PROJECT_INCLUDE_DIR],
        kernel=ttl.KernelKind.DATA_MOVEMENT,
    )
    with destination.wait() as blk:
        ttl.copy(blk, out[0, 0]).wait()


@ttl.operation(grid=(1, 1))
def external_repeat_operation(inp):
    source = ttl.make_dataflow_buffer_like(inp, shape=(1, 2), block_count=1)
    for _ in range(TRANSACTION_COUNT):
        with source.reserve() as blk:
            ttl.copy(inp[0:1, 0:2], blk).wait()
    ttl.call_extern_func(
        HEADER,
        "drain",
        func_args=[source],
        dfb_effects=[
            ttl.DFBEffect.repeat(
                TRANSACTION_COUNT,
                [
                    ttl.DFBEffect.wait(source, tiles=TILES_PER_TRANSACTION),
                    ttl.DFBEffect.pop(source, tiles=TILES_PER_TRANSACTION),
                ],
            ),
        ],
        include_paths=[PROJECT_INCLUDE_DIR],
        kernel=ttl.KernelKind.COMPUTE,
    )


conditional_operation = make_conditional_operation()

OPERATIONS = {
    "compute_external": (compute_external, 1),
    "shared_external": (shared_external, 1),
    "predicated_external": (predicated_external, 1),
    "selected_external": (make_selected_external(), 1),
    "explicit_operation": (make_explicit_operation(), 1),
    "conditional_operation": (conditional_operation, 1),
    "external_copy": (external_copy_operation, 1),
    "external_stage": (external_stage_operation, 2),
    "external_repeat": (external_repeat_operation, 1),
}


def main() -> None:
    """Prints, per operation, its kernel functions (TTL IR) and its generated C++ kernels."""
    import re
    import sys

    names = sys.argv[1:] or list(OPERATIONS)
    for name in names:
        op, count = OPERATIONS[name]
        compiled = op.compile(*[ttl.TensorSpec((64, 64))] * count)
        print(f"// ===== operation {name}")
        ir = re.sub(r" loc\([^()]*(\([^()]*\))?[^()]*\)", "", compiled.ir)
        print("\n".join(line for line in ir.splitlines() if not line.startswith("#loc")))
        for kernel in compiled.descriptors:
            print(f"// ----- kernel {kernel.logical_kernel.name} ({kernel.role.value})")
            print(f"// include paths: {', '.join(kernel.include_paths) or '(none)'}")
            print(kernel.source)


if __name__ == "__main__":
    main()
