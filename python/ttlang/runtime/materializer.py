"""Builds real ttnn program descriptors from a compiled artifact and a validated plan.

A :class:`ProgramTemplate` holds everything a structure key determines: one ttnn
``KernelDescriptor`` per (artifact descriptor, caller-argument count) group with its core
ranges, compile-time args, definitions and config, the CB and semaphore descriptors, and the
program hash. It is built once per key (a cache miss). Every dispatch, hit or miss, only writes
that dispatch's runtime words into the template's kernel descriptors and copies them into a new
``ttnn.ProgramDescriptor`` (ttnn's ProgramDescriptor holds value copies, so earlier programs keep
their words).

Core specialization: a logical kernel's definitions apply to every descriptor of that kernel,
and its per-core words go to the one descriptor whose cores contain the coordinate (the planner
proved there is exactly one). DFB reconfiguration and caller-count offsets: when a kernel has a
caller-argument-count compile-time slot, cores are grouped by caller-argument count and each
group gets its own descriptor on a disjoint core set with the count in that slot; caller words
keep indices ``0..n-1`` and compiler-owned words (configuration addresses, ...) follow.
"""

from __future__ import annotations

import functools
import threading
from dataclasses import dataclass, field
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple, Sequence

from ttlang import _ttlang
from ttlang.artifact import ArgKind, KernelDescriptorSpec, LogicalKernelId, ProcessorRole
from ttlang.runtime import _ttnn
from ttlang.runtime.layout import DescriptorLayout, OperationLayout, bank_coord_words
from ttlang.runtime.planner import ArgShape, KernelPlan, ResourcePlan
from ttlang.runtime.records import core_xy
from ttlang.targets import DEFAULT_TARGET

XY = tuple[int, int]

# Per-core slot plan entries.
_CALLER, _CONST, _TENSOR, _COORD, _SCALAR = range(5)


@dataclass
class KernelTemplate:
    layout: DescriptorLayout
    logical_kernel: LogicalKernelId
    descriptor: Any  # ttnn.KernelDescriptor, runtime args rewritten per dispatch
    cores: tuple[XY, ...]
    coords: tuple[Any, ...]  # ttnn.CoreCoord per core, reused across dispatches
    caller_count: int
    slots: tuple[tuple[int, Any], ...]
    caller_only: bool  # per-core words are exactly the caller's
    suffix: tuple[int, ...] | None  # caller words + constant compiler words
    common: tuple[tuple[int, Any], ...]  # common runtime-arg slots
    # Cores that receive runtime args, fixed by the key (which cores have caller words of which
    # length), so a dispatch maps words onto them without a per-core Python loop.
    arg_cores: tuple[XY, ...] = ()
    # The descriptor's per-core runtime args and the words they hold (_ttlang.WordTable, over
    # ``arg_cores``); None when no core receives runtime args.
    table: Any = None
    last_common: list[int] | None = None
    # The argument shape last aligned to ``arg_cores`` and its permutation (None: same order).
    last_shape: Any = None
    last_permutation: list[int] | None = None


@dataclass
class ProgramTemplate:
    key: tuple[Any, ...]
    program_hash: int
    kernels: list[KernelTemplate]
    semaphores: list[Any]
    cbs: list[Any]
    ttnn: Any = None  # the ttnn module (its ProgramDescriptor is looked up per program)
    # Returned programs that hits write into again once their callers dropped them
    # (_ttlang.ProgramPool); None for templates built by hand in tests.
    pool: Any = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    # The dispatch values last written into the descriptors' common runtime args.
    last_values: Any = None

    def __post_init__(self) -> None:
        self.descriptor_kernels = tuple(k.layout.spec.logical_kernel for k in self.kernels)
        self.descriptor_cores = tuple(k.cores for k in self.kernels)
        self.descriptors = [k.descriptor for k in self.kernels]
        self.common_kernels = tuple(k for k in self.kernels if k.common)
        # Every per-core word is a caller word or a constant, so a dispatch's words are the
        # records' values alone (what DispatchMemo.write writes): true of every kernel the
        # compiler emits (CALLER_ARGS, then DFB_CONFIG_ADDRESS slots).
        self.caller_words_only = all(k.caller_only or k.suffix is not None for k in self.kernels)


class DispatchValues(NamedTuple):
    """Values that change per dispatch and never enter the identity."""

    tensor_addresses: tuple[int, ...]
    scalars: dict[str, int]


def core_range_set(ttnn: Any, cores: Sequence[XY]) -> Any:
    """A CoreRangeSet of ``cores``: maximal runs along x, merged into rectangles per column span."""
    rows: dict[int, list[int]] = {}
    for x, y in cores:
        rows.setdefault(y, []).append(x)
    spans: dict[tuple[int, int], list[int]] = {}
    for y, xs in rows.items():
        xs.sort()
        start = prev = xs[0]
        for x in xs[1:] + [None]:  # type: ignore[list-item]
            if x is not None and x == prev + 1:
                prev = x
                continue
            spans.setdefault((start, prev), []).append(y)
            if x is not None:
                start = prev = x
    ranges = []
    for (x0, x1), ys in sorted(spans.items()):
        ys.sort()
        y0 = prev = ys[0]
        for y in ys[1:] + [None]:  # type: ignore[list-item]
            if y is not None and y == prev + 1:
                prev = y
                continue
            ranges.append(ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, prev)))
            if y is not None:
                y0 = prev = y
    return ttnn.CoreRangeSet(ranges)


# Circular buffers per core (ttl/Targets.h: NUM_CIRCULAR_BUFFERS of circular_buffer_constants.h): the
# length tt-metal's JIT wants of a non-empty ComputeConfigDescriptor.unpack_to_dest_mode
# (jit_build/data_format.cpp: "unpack_to_dest_mode vector must have 32 elements" on Wormhole).
CIRCULAR_BUFFERS = {name: facts["circular_buffers"] for name, facts in _ttlang.targets().items()}


def _config(ttnn: Any, spec: KernelDescriptorSpec, target: str = DEFAULT_TARGET) -> Any:
    if spec.role is ProcessorRole.COMPUTE:
        # The compiler asks for fp32 DEST where a kernel touches f32 DFBs (and sized its DEST
        # use for it), and for an unpack straight to DEST of the f32 DFBs it only copies
        # (copy_tile keeps every f32 bit; through SrcA it keeps TF32's 19). Every other setting
        # keeps ttnn's default (unpack_to_dest_mode empty: every CB Default).
        config = ttnn.ComputeConfigDescriptor(fp32_dest_acc_en=spec.fp32_dest_acc_en)
        if spec.unpack_to_dest:
            modes = [ttnn.UnpackToDestMode.Default] * CIRCULAR_BUFFERS[target]
            for index in spec.unpack_to_dest:
                modes[index] = ttnn.UnpackToDestMode.UnpackToDestFp32
            config.unpack_to_dest_mode = modes
        return config
    if spec.role is ProcessorRole.DATA_MOVEMENT_0:
        return ttnn.ReaderConfigDescriptor()
    return ttnn.WriterConfigDescriptor()


_DATA_TYPES = {"bfloat16": "BFLOAT16", "float32": "FLOAT32"}


def build_template(layout: OperationLayout, plan: ResourcePlan, program_hash: int) -> ProgramTemplate:
    """The structure of the program ``plan.key`` describes (called on a cache miss only)."""
    ttnn = _ttnn.ttnn()
    artifact = layout.artifact
    kernels: list[KernelTemplate] = []
    for desc in layout.descriptors:
        entry = plan.kernels.get(desc.spec.logical_kernel)
        caller_args = entry.args if entry is not None else {}
        defines = list(desc.spec.defines)
        if entry is not None:
            overridden = {name for name, _ in entry.defines}
            defines = [d for d in defines if d[0] not in overridden] + list(entry.defines)
        if desc.caller_count_slot is not None:
            groups: dict[int, list[XY]] = {}
            for xy in desc.cores:
                groups.setdefault(len(caller_args.get(xy, ())), []).append(xy)
        else:
            groups = {-1: list(desc.cores)}
        for count, cores in sorted(groups.items()):
            words = list(desc.compile_time_words)
            if desc.caller_count_slot is not None:
                words[desc.caller_count_slot] = count
            descriptor = ttnn.KernelDescriptor(
                desc.spec.source,
                source_type=ttnn.KernelDescriptor.SourceType.SOURCE_CODE,
                core_ranges=core_range_set(ttnn, cores),
                compile_time_args=words,
                defines=defines,
                config=_config(ttnn, desc.spec, artifact.target),
                compiler_include_paths=list(desc.spec.include_paths),
            )
            slots = []
            for arg in desc.per_core_slots:
                if arg.kind is ArgKind.CALLER_ARGS:
                    slots.append((_CALLER, None))
                elif arg.kind is ArgKind.DFB_CONFIG_ADDRESS:
                    slots.append((_CONST, (layout.config_addresses[arg.ref],)))
                elif arg.kind is ArgKind.BUFFER_ADDRESS:
                    slots.append((_TENSOR, layout.tensor_index[arg.ref]))
                elif arg.kind is ArgKind.CORE_COORD:
                    slots.append((_COORD, None))
                else:
                    slots.append((_SCALAR, arg.ref))
            caller_only = [kind for kind, _ in slots] == [_CALLER]
            suffix = None
            if slots and slots[0][0] == _CALLER and all(kind == _CONST for kind, _ in slots[1:]):
                suffix = tuple(word for _, const in slots[1:] for word in const)
            if not slots:
                arg_cores: tuple[XY, ...] = ()
            elif caller_only or suffix == ():
                arg_cores = tuple(xy for xy in cores if caller_args.get(xy))  # no words: no args
            else:
                arg_cores = tuple(cores)  # compiler-owned words reach every core
            kernels.append(
                KernelTemplate(
                    desc,
                    desc.spec.logical_kernel,
                    descriptor,
                    tuple(cores),
                    tuple(ttnn.CoreCoord(x, y) for x, y in cores),
                    count,
                    tuple(slots),
                    caller_only,
                    suffix,
                    tuple(_common_slot(arg, layout) for arg in desc.common_slots),
                    arg_cores,
                    _ttlang.WordTable(
                        descriptor, [ttnn.CoreCoord(x, y) for x, y in arg_cores], list(arg_cores),
                        ttnn.RuntimeArgs, _word_vectors(ttnn),
                    ) if arg_cores else None,
                )
            )
    worker = core_range_set(ttnn, sorted(layout.worker_cores))
    semaphores = [
        ttnn.SemaphoreDescriptor(i, core_ranges=worker, initial_value=0)
        for i in range(artifact.compiler_semaphore_count)
    ] + list(plan.semaphores)
    cbs = [
        ttnn.CBDescriptor(
            dfb.total_size,
            worker,
            [
                ttnn.CBFormatDescriptor(
                    dfb.physical_index, getattr(ttnn.DataType, _DATA_TYPES[dfb.data_format]), dfb.page_size
                )
            ],
        )
        for dfb in artifact.dataflow_buffers
    ]
    pool = _ttlang.ProgramPool([kernel.table for kernel in kernels])
    return ProgramTemplate(plan.key, program_hash, kernels, semaphores, cbs, ttnn, pool)


@functools.cache
def _word_vectors(ttnn: Any) -> Any:
    """Direct access to ttnn's per-core word vectors, probed once per ttnn module
    (_ttlang.WordVectors; when the probe fails, word tables use the views' ``__setitem__``)."""
    return _ttlang.WordVectors(type(ttnn.KernelDescriptor().compile_time_args))


def materialize(
    template: ProgramTemplate, plan: ResourcePlan, values: DispatchValues
) -> tuple[Any, WordsByDescriptor]:
    """A new ttnn.ProgramDescriptor carrying this dispatch's words, and those words per
    descriptor index (ttnn's runtime-arg view cannot list its cores)."""
    with template.lock:
        record = _words_record(template, plan.kernels, values)
        for index, kernel in enumerate(template.kernels):
            words = record[index][1]
            if words:
                # Changed words in place, through ttnn's views of the descriptor's own vectors;
                # the first fill (or another length) through RuntimeArgs.append. The new
                # ProgramDescriptor copies its kernels, so programs returned earlier keep their
                # words; all of it under the template's lock.
                kernel.table.assign(words)
        program = _new_program(template, values)
        if template.pool is not None:
            template.pool.offer(program, values)
    return program, WordsByDescriptor(record)


def materialize_hit(
    template: ProgramTemplate, memo: Any, entry: int, result: Any, values: DispatchValues
) -> Any | None:
    """A new ttnn.ProgramDescriptor for a factory result that ``memo`` (a _ttlang.DispatchMemo)
    matched to ``template`` when the template's pool had no program to reuse
    (``DispatchMemo.dispatch``): the memo writes each record's words into the template, which is
    copied; None if it could not (the caller then takes the planner's path)."""
    with template.lock:
        if not memo.write(entry, result):
            return None
        program = _new_program(template, values)
        if template.pool is not None:
            template.pool.offer(program, values)
        return program


def hit_words_record(
    template: ProgramTemplate, entry_kernels: tuple[LogicalKernelId, ...], result: Any, values: DispatchValues
) -> WordsByDescriptor:
    """The words a memo hit gave each descriptor of ``template``, without writing them:
    ``result`` is the (immutable) factory result the memo matched, whose i-th
    KernelRuntimeResources selected ``entry_kernels[i]``; its records' words were checked at
    construction (exact ints in range)."""
    entries = {}
    for kernel, entry in zip(entry_kernels, result.kernel_resources):
        records = entry.runtime_args
        order = tuple([core_xy(record.core) for record in records])
        entries[kernel] = KernelPlan(kernel, (), ArgShape(order, frozenset()), [record.values for record in records])
    with template.lock:
        return WordsByDescriptor(_words_record(template, entries, values))


def memo_writes(template: ProgramTemplate, plan: ResourcePlan) -> list[tuple[Any, list[tuple[int, int, int]]]] | None:
    """Where each record's words go, for DispatchMemo.remember: per word table, the (index of
    the factory's KernelRuntimeResources entry, index of the record in its runtime_args,
    position in the table) of every record with words there. None if the template has words
    that are not the records' (tensor addresses, coordinates or scalars per core)."""
    if not template.caller_words_only:
        return None
    entry_index = {kernel: e for e, kernel in enumerate(plan.kernels)}
    writes = []
    for kernel in template.kernels:
        entry = plan.kernels.get(kernel.logical_kernel)
        if entry is None or kernel.table is None:
            continue
        record_index = {xy: j for j, xy in enumerate(entry.shape.order)}
        e = entry_index[kernel.logical_kernel]
        sources = [(e, record_index[xy], p) for p, xy in enumerate(kernel.arg_cores) if xy in record_index]
        if sources:
            writes.append((kernel.table, sources))
    return writes


def _words_record(
    template: ProgramTemplate, entries: Mapping[LogicalKernelId, KernelPlan], values: DispatchValues
) -> dict[int, tuple[tuple[XY, ...], list[tuple[int, ...]]]]:
    """Each descriptor's cores with runtime args and their words (caller words from
    ``entries``, the kernels' plans, then the compiler's)."""
    record = {}
    for index, kernel in enumerate(template.kernels):
        entry = entries.get(kernel.logical_kernel)
        arg_cores = kernel.arg_cores
        if kernel.caller_only:
            words = _aligned(kernel, entry) if entry is not None else []
        else:
            caller_args = entry.args if entry is not None else {}
            if kernel.suffix is not None:
                suffix = kernel.suffix
                words = [caller_args.get(xy, ()) + suffix for xy in arg_cores]
            else:
                words = [
                    _assemble(kernel.slots, caller_args.get(xy, ()), xy, values.tensor_addresses, values.scalars)
                    for xy in arg_cores
                ]
        record[index] = (arg_cores, words)
    return record


def _new_program(template: ProgramTemplate, values: DispatchValues) -> Any:
    """This dispatch's common runtime args (tensor addresses, scalars) into the template's
    descriptors, then a new ProgramDescriptor copying them (under the template's lock)."""
    if values != template.last_values:
        for kernel in template.common_kernels:
            common = _common_words(kernel, values)
            if common != kernel.last_common:
                kernel.descriptor.common_runtime_args = common
                kernel.last_common = common
        template.last_values = values
    program = template.ttnn.ProgramDescriptor(
        kernels=template.descriptors, semaphores=template.semaphores, cbs=template.cbs
    )
    program.custom_program_hash = template.program_hash
    return program


def _common_slot(arg: Any, layout: OperationLayout) -> tuple[int, Any]:
    """A common runtime-arg slot's plan: a tensor's address, a sharded tensor's bank
    coordinates (constant words), or a named scalar."""
    if arg.kind is ArgKind.BUFFER_ADDRESS:
        return (_TENSOR, layout.tensor_index[arg.ref])
    if arg.kind is ArgKind.SHARD_BANK_COORDS:
        return (_CONST, bank_coord_words(arg.words))
    return (_SCALAR, arg.ref)


def _common_words(kernel: KernelTemplate, values: DispatchValues) -> list[int]:
    addresses, scalars = values
    words: list[int] = []
    for kind, data in kernel.common:
        if kind == _TENSOR:
            words.append(addresses[data])
        elif kind == _CONST:
            words.extend(data)
        else:
            words.append(scalars[data])
    return words


def common_into(template: ProgramTemplate, descriptors: Sequence[Any], values: DispatchValues) -> None:
    """This dispatch's common runtime args into a reused program's kernel ``descriptors``
    (in the template's order)."""
    for kernel, descriptor in zip(template.kernels, descriptors):
        if kernel.common:
            descriptor.common_runtime_args = _common_words(kernel, values)


def _aligned(kernel: KernelTemplate, entry: KernelPlan) -> list[tuple[int, ...]]:
    """The entry's caller words in the order of ``kernel.arg_cores`` (the cores with words).
    The permutation depends only on the entry's validated shape, which the planner's memo
    hands out as the same object on every dispatch with that structure."""
    shape = entry.shape
    if shape is not kernel.last_shape:
        position = {xy: i for i, xy in enumerate(shape.order)}
        permutation = [position[xy] for xy in kernel.arg_cores]
        if permutation == list(range(len(shape.order))):
            kernel.last_permutation = None
        else:
            kernel.last_permutation = permutation
        kernel.last_shape = shape
    permutation = kernel.last_permutation
    if permutation is None:
        return entry.values
    return list(map(entry.values.__getitem__, permutation))


class WordsByDescriptor(Mapping[int, Mapping[XY, tuple[int, ...]]]):
    """Descriptor index -> core -> words, built on first access (a dispatch records the words
    it wrote; most callers never read them back). A dispatch through the memo records nothing:
    ``deferred`` computes the record on first access (from the immutable factory result)."""

    def __init__(
        self,
        record: dict[int, tuple[tuple[XY, ...], list[tuple[int, ...]]]] | None = None,
        deferred: Callable[[], WordsByDescriptor] | None = None,
    ) -> None:
        self._record_value = record
        self._deferred = deferred
        self._built: dict[int, dict[XY, tuple[int, ...]]] = {}

    @property
    def _record(self) -> dict[int, tuple[tuple[XY, ...], list[tuple[int, ...]]]]:
        if self._record_value is None:
            assert self._deferred is not None
            self._record_value = self._deferred()._record
        return self._record_value

    def __getitem__(self, index: int) -> dict[XY, tuple[int, ...]]:
        built = self._built.get(index)
        if built is None:
            cores, words = self._record[index]
            built = self._built[index] = dict(zip(cores, words))
        return built

    def __iter__(self) -> Iterator[int]:
        return iter(self._record)

    def __len__(self) -> int:
        return len(self._record)


def _assemble(
    slots: tuple[tuple[int, Any], ...],
    caller: tuple[int, ...],
    xy: XY,
    addresses: tuple[int, ...],
    scalars: dict[str, int],
) -> tuple[int, ...]:
    words: list[int] = []
    for kind, data in slots:
        if kind == _CALLER:
            words.extend(caller)
        elif kind == _CONST:
            words.extend(data)
        elif kind == _TENSOR:
            words.append(addresses[data])
        elif kind == _COORD:
            words.extend(xy)
        else:
            words.append(scalars[data])
    return tuple(words)
