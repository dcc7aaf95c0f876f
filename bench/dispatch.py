"""Cache-hit dispatch cost of a resource-aware operation vs building the ttnn descriptors by hand.

An 8x8-grid operation with a reader (data movement) and a compute kernel; its runtime resource
factory returns per-core words for both kernels on all 64 cores, plus one caller semaphore. One
"dispatch" is a compile-only ``OperationRuntime.run`` on a program-cache hit: the factory,
validation of the whole result, the structure identity, the cache lookup (the C++ dispatch memo,
which the first call fills) and the new words written into a ttnn.ProgramDescriptor: the one the
call before returned when its caller dropped it (the template's program pool; the bench drops
every result), else a new copy (no device, so no generic_op).

Baselines, in the same run, build the equivalent descriptors directly with ttnn, computing the
same words:
- ``by hand (constructor)``: runtime args passed to the KernelDescriptor constructor, as ttnn's
  examples do;
- ``by hand (append)``: precomputed CoreCoords and runtime args filled into reused
  ``ttnn.RuntimeArgs`` containers with ``append`` of each core's tuple, assigned after
  construction (the fastest path before word vectors; the reference of issue 11's target);
- ``by hand (word vectors)``: the same, each core's words first made into ttnn's word vector
  (the type of ``KernelDescriptor.compile_time_args``, the declared value type of
  ``RuntimeArgs.append``), which skips ttnn's implicit conversion: the fastest way found to
  hand ttnn new tuples;
- ``by hand (in place)``: what the runtime's hits do, by hand: one set of descriptors kept, every
  core's words assigned through ttnn's in-place views of its per-core vectors, a new
  ProgramDescriptor per call (the runtime assigns only the words that changed);
- ``by hand (in place, unrolled)``: the same with each core's words assigned in one unpacking
  statement (``view[0], view[1], view[2], view[3] = words``: the author knows each kernel's word
  count) instead of a loop over them: the fastest hand path that makes a program per call;
- ``by hand (one descriptor reused)``: the unrolled assignment into one ProgramDescriptor's own
  kernels, the same descriptor returned every call (no copy): the fastest hand path found.

Run: ``.venv/bin/python bench/dispatch.py``. Prints a Markdown table (µs of thread CPU time per
dispatch, minimum over interleaved rounds).
"""

from __future__ import annotations

import pathlib
import sys
import time
import timeit
from collections import deque
from collections.abc import Callable

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python"))

import ttlang as ttl  # noqa: E402  (first: its import of ttnn hides ttnn's DEBUG config line)
import ttnn  # noqa: E402
from ttlang.artifact import (  # noqa: E402
    ArgKind,
    CompiledArtifact,
    CoreRange,
    DataflowBufferSpec,
    KernelABI,
    KernelArg,
    KernelDescriptorSpec,
    KernelKind,
    LogicalKernelId,
    ProcessorRole,
    TensorParamSpec,
)
from ttlang.runtime import OperationRuntime  # noqa: E402
from ttlang.runtime.materializer import DispatchValues  # noqa: E402

GRID = (8, 8)
OP = "bench_dispatch@bench/dispatch.py"
READER_SOURCE = '#include "api/dataflow/dataflow_api.h"\nvoid kernel_main() { /* reader */ }\n'
COMPUTE_SOURCE = '#include "api/compute/common.h"\nvoid kernel_main() { /* compute */ }\n'
READER = LogicalKernelId(OP, "data_movement", KernelKind.DATA_MOVEMENT)
COMPUTE = LogicalKernelId(OP, "compute", KernelKind.COMPUTE)
WHOLE = (CoreRange((0, 0), (GRID[0] - 1, GRID[1] - 1)),)

ARTIFACT = CompiledArtifact(
    operation_name="bench_dispatch",
    operation_id=OP,
    grid=GRID,
    target="wormhole_b0",
    tensors=(
        TensorParamSpec("a", (2048, 2048), "bfloat16", "dram", "interleaved"),
        TensorParamSpec("out", (2048, 2048), "bfloat16", "dram", "interleaved"),
    ),
    dataflow_buffers=(
        DataflowBufferSpec("in", 0, "bfloat16", 2048, 4096, (1, 1), 2),
        DataflowBufferSpec("out", 16, "bfloat16", 2048, 4096, (1, 1), 2),
    ),
    kernels=(
        KernelDescriptorSpec(
            READER, ProcessorRole.DATA_MOVEMENT_0, WHOLE, READER_SOURCE,
            KernelABI(
                (KernelArg(ArgKind.DFB_INDEX, "in", 1, (0,)), KernelArg(ArgKind.TENSOR_ACCESSOR, "a", 2, (2, 2048))),
                (KernelArg(ArgKind.BUFFER_ADDRESS, "a"),),
                (KernelArg(ArgKind.CALLER_ARGS, "caller", 0),),
            ),
        ),
        KernelDescriptorSpec(
            COMPUTE, ProcessorRole.COMPUTE, WHOLE, COMPUTE_SOURCE,
            KernelABI(
                (KernelArg(ArgKind.DFB_INDEX, "in", 1, (0,)), KernelArg(ArgKind.DFB_INDEX, "out", 1, (16,))),
                (),
                (KernelArg(ArgKind.CALLER_ARGS, "caller", 0),),
            ),
        ),
    ),
    compiler_semaphore_count=1,
    uses_runtime_resources=True,
)

CORES = [(x, y) for y in range(GRID[1]) for x in range(GRID[0])]
TILES_PER_CORE = 64


def reader_words(i, x, y, sid, step):
    return (i * TILES_PER_CORE, TILES_PER_CORE, sid, step)


def compute_words(i, step):
    return (TILES_PER_CORE, step)


class Factory:
    """The operation's runtime resource factory; ``step`` changes the words on every call
    (only the reader's when ``static_compute``: the compute kernel's stay the same)."""

    def __init__(self, static_compute: bool = False):
        self.step = 0
        self.static_compute = static_compute

    def __call__(self, *, tensors, core_ranges, first_free_semaphore_id):
        self.step += 1
        step, sid = self.step, first_free_semaphore_id
        CoreRuntimeArgs = ttl.CoreRuntimeArgs
        # list comprehensions, like the hand-built baseline (a generator costs ~30 ns more per item)
        reader = tuple([
            CoreRuntimeArgs((x, y), reader_words(i, x, y, sid, step)) for i, (x, y) in enumerate(CORES)
        ])
        compute_step = 0 if self.static_compute else step
        compute = tuple([CoreRuntimeArgs((x, y), compute_words(i, compute_step)) for i, (x, y) in enumerate(CORES)])
        semaphore = ttnn.SemaphoreDescriptor(sid, core_ranges=core_ranges, initial_value=0)
        return ttl.ProgramRuntimeResources(
            semaphore_descriptors=(semaphore,),
            kernel_resources=(
                ttl.KernelRuntimeResources(KernelKind.DATA_MOVEMENT, reader),
                ttl.KernelRuntimeResources(KernelKind.COMPUTE, compute),
            ),
            lifetimes=(semaphore,),
        )


def runtime_args(args, coords, words, vector=None):
    """RuntimeArgs.append per core into a reused container (the descriptor copies it); with
    ``vector`` (ttnn's word vector type) each core's words are converted explicitly first."""
    args.clear()
    deque(map(args.append, coords, words if vector is None else map(vector, words)), 0)
    return args


def by_hand(fastest: bool, static_compute: bool = False, vectors: bool = False):
    worker = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(GRID[0] - 1, GRID[1] - 1))])
    coords = [ttnn.CoreCoord(x, y) for x, y in CORES]
    reader_container, compute_container = ttnn.RuntimeArgs(), ttnn.RuntimeArgs()
    vector = type(ttnn.KernelDescriptor().compile_time_args) if vectors else None
    state = {"step": 0}

    def build():
        state["step"] += 1
        step, sid = state["step"], 1
        compute_step = 0 if static_compute else step
        if fastest:
            reader_args = [reader_words(i, x, y, sid, step) for i, (x, y) in enumerate(CORES)]
            compute_args = [compute_words(i, compute_step) for i in range(len(CORES))]
        else:
            reader_args = [(ttnn.CoreCoord(x, y), list(reader_words(i, x, y, sid, step))) for i, (x, y) in enumerate(CORES)]
            compute_args = [(ttnn.CoreCoord(x, y), list(compute_words(i, compute_step))) for i, (x, y) in enumerate(CORES)]
        common = dict(source_type=ttnn.KernelDescriptor.SourceType.SOURCE_CODE, core_ranges=worker)
        if fastest:
            reader = ttnn.KernelDescriptor(READER_SOURCE, compile_time_args=[0, 2, 2048], common_runtime_args=[0],
                                           config=ttnn.ReaderConfigDescriptor(), **common)
            reader.runtime_args = runtime_args(reader_container, coords, reader_args, vector)
            compute = ttnn.KernelDescriptor(COMPUTE_SOURCE, compile_time_args=[0, 16],
                                            config=ttnn.ComputeConfigDescriptor(), **common)
            compute.runtime_args = runtime_args(compute_container, coords, compute_args, vector)
        else:
            reader = ttnn.KernelDescriptor(READER_SOURCE, compile_time_args=[0, 2, 2048], common_runtime_args=[0],
                                           runtime_args=reader_args, config=ttnn.ReaderConfigDescriptor(), **common)
            compute = ttnn.KernelDescriptor(COMPUTE_SOURCE, compile_time_args=[0, 16], runtime_args=compute_args,
                                            config=ttnn.ComputeConfigDescriptor(), **common)
        semaphores = [ttnn.SemaphoreDescriptor(0, core_ranges=worker, initial_value=0),
                      ttnn.SemaphoreDescriptor(sid, core_ranges=worker, initial_value=0)]
        cbs = [ttnn.CBDescriptor(4096, worker, [ttnn.CBFormatDescriptor(0, ttnn.DataType.BFLOAT16, 2048)]),
               ttnn.CBDescriptor(4096, worker, [ttnn.CBFormatDescriptor(16, ttnn.DataType.BFLOAT16, 2048)])]
        return ttnn.ProgramDescriptor(kernels=[reader, compute], semaphores=semaphores, cbs=cbs)

    return build


def in_place(static_compute: bool = False, unrolled: bool = False):
    """A hand path that does what the runtime's hits do: it keeps one set of descriptors, assigns
    every core's new words through ttnn's in-place views of its per-core vectors
    (``runtime_args[x][y]``, "modify in place"), and makes a new ProgramDescriptor (which copies
    the kernels) each call. It assigns every word, knowing nothing of which changed. ``unrolled``
    assigns a core's words in one unpacking statement (``view[0], ..., view[3] = words``, the hand
    author knows each kernel's word count) instead of a loop over them: the fastest hand path
    found."""
    template = by_hand(fastest=True, static_compute=static_compute)()
    kernels, semaphores, cbs = list(template.kernels), list(template.semaphores), list(template.cbs)
    reader_views = [kernels[0].runtime_args[x][y] for x, y in CORES]
    compute_views = [kernels[1].runtime_args[x][y] for x, y in CORES]
    state = {"step": 1}  # the template holds step 1's words

    def build():
        state["step"] += 1
        step, sid = state["step"], 1
        compute_step = 0 if static_compute else step
        for i, ((x, y), view) in enumerate(zip(CORES, reader_views)):
            for j, word in enumerate(reader_words(i, x, y, sid, step)):
                view[j] = word
        for i, view in enumerate(compute_views):
            for j, word in enumerate(compute_words(i, compute_step)):
                view[j] = word
        return ttnn.ProgramDescriptor(kernels=kernels, semaphores=semaphores, cbs=cbs)

    assign = unrolled_assignment(reader_views, compute_views, state, static_compute)

    def build_unrolled():
        assign()
        return ttnn.ProgramDescriptor(kernels=kernels, semaphores=semaphores, cbs=cbs)

    return build_unrolled if unrolled else build


def unrolled_assignment(reader_views, compute_views, state, static_compute):
    """The next step's words into the views, one unpacking statement per core."""

    def assign():
        state["step"] += 1
        step, sid = state["step"], 1
        compute_step = 0 if static_compute else step
        for i, ((x, y), view) in enumerate(zip(CORES, reader_views)):
            view[0], view[1], view[2], view[3] = reader_words(i, x, y, sid, step)
        for i, view in enumerate(compute_views):
            view[0], view[1] = compute_words(i, compute_step)

    return assign


def reused_descriptor(static_compute: bool = False):
    """The unrolled in-place path without the new ProgramDescriptor: one descriptor, its words
    assigned through views of its own kernels, handed out again on every call (what a hand author
    who re-dispatches one descriptor in a loop does; ttlang's hits do the same when the caller
    dropped the program it returned last, and copy otherwise)."""
    program = by_hand(fastest=True, static_compute=static_compute)()
    kernels = program.kernels
    reader_views = [kernels[0].runtime_args[x][y] for x, y in CORES]
    compute_views = [kernels[1].runtime_args[x][y] for x, y in CORES]
    assign = unrolled_assignment(reader_views, compute_views, {"step": 1}, static_compute)

    def build():
        assign()
        return program

    return build


def per_call_us(fn, number=200, repeat=9) -> float:
    # CPU time of this thread: a dispatch is single-threaded and does no I/O, so on an idle
    # machine this equals wall time, and on a loaded one time spent preempted does not count
    return min(timeit.repeat(fn, number=number, repeat=repeat, timer=time.thread_time)) / number * 1e6


def main() -> None:
    runtime = OperationRuntime(ARTIFACT)
    factory = Factory()
    tensors = ("a", "out")
    first = runtime.run(tensors, runtime_resource_factory=factory)
    assert not first.cache_hit

    def dispatch():
        result = runtime.run(tensors, runtime_resource_factory=factory)
        assert result.cache_hit

    # sanity: the hand-built program and ours are the same structure and words
    hand = by_hand(fastest=False)()
    ours = runtime.run(tensors, runtime_resource_factory=factory).program
    assert [list(k.compile_time_args) for k in hand.kernels] == [list(k.compile_time_args) for k in ours.kernels]
    assert len(ours.kernels[0].runtime_args[7][7]) == len(hand.kernels[0].runtime_args[7][7]) == 4
    hand_vectors = by_hand(fastest=True, vectors=True)()  # the same step as ``hand``: the same words
    assert all(list(a.runtime_args[x][y]) == list(b.runtime_args[x][y])
               for a, b in zip(hand.kernels, hand_vectors.kernels) for x, y in CORES)
    # the in-place path writes the same words, and a program it returned keeps its own
    for unrolled in (False, True):
        place, again = in_place(unrolled=unrolled), by_hand(fastest=False)
        again()
        hand_step2, place_step2 = again(), place()
        place()  # step 3, written into the same views
        assert all(list(a.runtime_args[x][y]) == list(b.runtime_args[x][y])
                   for a, b in zip(hand_step2.kernels, place_step2.kernels) for x, y in CORES)

    # the reused descriptor holds the same words as a new hand-built program of the same step
    reused, again = reused_descriptor(), by_hand(fastest=False)
    again()
    hand_step2, reused_step2 = again(), reused()
    assert all(list(a.runtime_args[x][y]) == list(b.runtime_args[x][y])
               for a, b in zip(hand_step2.kernels, reused_step2.kernels) for x, y in CORES)

    static_runtime = OperationRuntime(ARTIFACT)
    static_factory = Factory(static_compute=True)
    static_runtime.run(tensors, runtime_resource_factory=static_factory)

    def static_dispatch():
        assert static_runtime.run(tensors, runtime_resource_factory=static_factory).cache_hit

    names = ("hit", "ctor", "fast", "vec", "place", "unrolled", "reused")
    samples = {prefix + name: [] for prefix in ("", "s_") for name in names}
    for _ in range(3):  # interleave to share machine noise
        samples["hit"].append(per_call_us(dispatch))
        samples["ctor"].append(per_call_us(by_hand(fastest=False)))
        samples["fast"].append(per_call_us(by_hand(fastest=True)))
        samples["vec"].append(per_call_us(by_hand(fastest=True, vectors=True)))
        samples["place"].append(per_call_us(in_place()))
        samples["unrolled"].append(per_call_us(in_place(unrolled=True)))
        samples["reused"].append(per_call_us(reused_descriptor()))
        samples["s_hit"].append(per_call_us(static_dispatch))
        samples["s_ctor"].append(per_call_us(by_hand(fastest=False, static_compute=True)))
        samples["s_fast"].append(per_call_us(by_hand(fastest=True, static_compute=True)))
        samples["s_vec"].append(per_call_us(by_hand(fastest=True, static_compute=True, vectors=True)))
        samples["s_place"].append(per_call_us(in_place(static_compute=True)))
        samples["s_unrolled"].append(per_call_us(in_place(static_compute=True, unrolled=True)))
        samples["s_reused"].append(per_call_us(reused_descriptor(static_compute=True)))
    best = {name: min(values) for name, values in samples.items()}
    hit = best["hit"]

    # where the hit's time goes: the factory; the C++ memo's match (validation of the whole
    # result, its structure, the full-key lookup) and its writes of the changed words plus the new
    # ProgramDescriptor (alternating two results, so every write carries new words); the rest is
    # run()'s own Python. The planner is what a miss or a structure the memo does not know costs.
    core_ranges = runtime.core_ranges()
    results = [factory(tensors=tensors, core_ranges=core_ranges, first_free_semaphore_id=1) for _ in range(2)]
    def least(measure: Callable[[], float]) -> float:
        # the parts are timed apart from the rounds above: each takes the least of 3, as the rounds do
        return min(measure() for _ in range(3))

    factory_us = least(lambda: per_call_us(
        lambda: factory(tensors=tensors, core_ranges=core_ranges, first_free_semaphore_id=1)))
    memo = runtime._memo  # the runtime's DispatchMemo (a peek for this breakdown only)
    match_us = least(lambda: per_call_us(lambda: memo.match(results[0])))
    values, turn = DispatchValues((0, 0), {}), iter(range(10**9))
    # the memo's one call on a hit: the match, then the words into the pooled program (the
    # program it returns is dropped at once, as the rounds drop theirs)
    write_us = least(lambda: per_call_us(
        lambda: memo.dispatch(results[next(turn) % 2], values), number=200)) - match_us
    plan_us = least(lambda: per_call_us(lambda: runtime.plan(results[0])))
    planned = OperationRuntime(ARTIFACT)
    planned._memo_enabled = False  # every call through the planner: the hit path before the memo
    planned.run(tensors, runtime_resource_factory=factory)
    planned_us = least(lambda: per_call_us(lambda: planned.run(tensors, runtime_resource_factory=factory)))
    print(f"8x8 grid, 2 kernels x 64 cores of per-core words, cache hits: {runtime.cache.hits}, "
          f"misses: {runtime.cache.misses}")
    print()
    print("| words that change per call | ttlang cache hit (µs) | by hand, constructor (µs) | by hand, append (µs) "
          "| by hand, word vectors (µs) | by hand, in place (µs) | by hand, in place unrolled (µs) "
          "| by hand, one descriptor reused (µs) "
          "| hit / constructor | hit / append | hit / word vectors | hit / in place | hit / in place unrolled "
          "| hit / one descriptor reused |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for label, prefix in (("both kernels, all 64 cores", ""), ("reader only (compute words static)", "s_")):
        h, c, f, v, q, u, r = (best[prefix + name] for name in names)
        print(f"| {label} | {h:.1f} | {c:.1f} | {f:.1f} | {v:.1f} | {q:.1f} | {u:.1f} | {r:.1f} | {h / c:.2f} "
              f"| {h / f:.2f} | {h / v:.2f} | {h / q:.2f} | {h / u:.2f} | {h / r:.2f} |")
    print()
    print(f"of the hit: factory {factory_us:.1f} µs, memo match (validation + structure + lookup) "
          f"{match_us:.1f} µs, words into the pooled ProgramDescriptor {write_us:.1f} µs, rest (run's Python) "
          f"{hit - factory_us - match_us - write_us:.1f} µs; the planner (misses, unknown structures) "
          f"{plan_us:.1f} µs; a hit through the planner (memo off) {planned_us:.1f} µs")
    print("rounds (µs): " + ", ".join(f"{name} {[round(v, 1) for v in values]}" for name, values in samples.items()))


if __name__ == "__main__":
    main()
