"""What the runtime derives once from a compiled artifact: kernel core sets, ABI slot plans and
the artifact's consistency checks. Built once per operation runtime, never per dispatch.

The rules of one kernel record are its attributes' C++ verifiers' (TTLAttrs.cpp): every artifact,
from the compiler, the compile cache, an emitted runner or built by hand, is rebuilt as records
through them (``ttlang.backend.check_records``). The checks here are of what no record holds: the
grid, the tensors, the semaphore count, how descriptors share cores."""

from __future__ import annotations

from dataclasses import dataclass

from ttlang import _ttlang
from ttlang.artifact import (
    ArgKind,
    CompiledArtifact,
    KernelArg,
    KernelDescriptorSpec,
    KernelKind,
    LogicalKernelId,
)
from ttlang.backend import check_records
from ttlang.runtime.errors import ArtifactError, KernelRecordError

# Semaphore ids run below every target's semaphore count (ttl/Targets.h: 16, ids up to 15).
MAX_SEMAPHORE_ID = min(facts["semaphores"] for facts in _ttlang.targets().values()) - 1
UINT32_MAX = 0xFFFFFFFF

@dataclass(frozen=True)
class DescriptorLayout:
    """One KernelDescriptorSpec with its ABI resolved."""

    index: int
    spec: KernelDescriptorSpec
    cores: tuple[tuple[int, int], ...]  # row-major order
    # compile-time args: fixed words, with the caller-count slot position (or None)
    compile_time_words: tuple[int, ...]
    caller_count_slot: int | None
    common_slots: tuple[KernelArg, ...]
    per_core_slots: tuple[KernelArg, ...]
    caller_slot: int | None  # index into per_core_slots of CALLER_ARGS
    reconfigures: bool  # per-core args carry DFB configuration addresses


@dataclass(frozen=True)
class OperationLayout:
    artifact: CompiledArtifact
    worker_cores: frozenset[tuple[int, int]]
    emitted: frozenset[LogicalKernelId]
    descriptors: tuple[DescriptorLayout, ...]
    kernel_cores: dict[LogicalKernelId, frozenset[tuple[int, int]]]
    # (logical kernel, (x, y)) -> index of the descriptor that runs it
    core_owner: dict[tuple[LogicalKernelId, tuple[int, int]], int]
    config_addresses: dict[str, int]
    tensor_index: dict[str, int]
    # every descriptor of the kernel has a caller-argument slot
    accepts_caller_args: dict[LogicalKernelId, bool]
    # KernelKind.COMPUTE / DATA_MOVEMENT -> the emitted canonical kernel of that kind
    canonical: dict[KernelKind, LogicalKernelId]
    # a fixed order of the logical kernels (by name, kind) so identities do not depend on the
    # order of a factory's entries
    kernel_rank: dict[LogicalKernelId, int]

    @property
    def worker_ranges(self) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
        """The worker grid as sorted inclusive ((x0, y0), (x1, y1)) rectangles."""
        cols, rows = self.artifact.grid
        return (((0, 0), (cols - 1, rows - 1)),)

    @property
    def first_free_semaphore_id(self) -> int:
        return self.artifact.compiler_semaphore_count


def build_layout(artifact: CompiledArtifact) -> OperationLayout:
    cols, rows = artifact.grid
    if cols < 1 or rows < 1:
        raise ArtifactError(f"operation '{artifact.operation_name}' has an empty grid {artifact.grid}")
    if not 0 <= artifact.compiler_semaphore_count <= MAX_SEMAPHORE_ID + 1:
        raise ArtifactError(
            f"{artifact.compiler_semaphore_count} compiler semaphores exceed the hardware limit"
        )
    try:
        check_records(artifact)
    except _ttlang.RecordError as err:
        raise KernelRecordError(str(err)) from None
    worker = frozenset((x, y) for y in range(rows) for x in range(cols))
    configs = {config.name: config.address for config in artifact.dfb_configurations}
    tensor_index: dict[str, int] = {}
    for i, tensor in enumerate(artifact.tensors):
        tensor_index[tensor.name] = i
        tensor_index[str(i)] = i

    descriptors = []
    kernel_cores: dict[LogicalKernelId, set[tuple[int, int]]] = {}
    core_owner: dict[tuple[LogicalKernelId, tuple[int, int]], int] = {}
    for index, spec in enumerate(artifact.kernels):
        # A kernel may keep the identity of an inlined (composed) operation's handle; the
        # planner still only lets a factory select kernels bound to this operation.
        kernel = spec.logical_kernel
        cores = []
        for core_range in spec.core_ranges:
            for xy in core_range.coords():
                if xy not in worker:
                    raise ArtifactError(
                        f"descriptor {index} of kernel '{kernel.name}' runs outside the grid at {xy}"
                    )
                if (kernel, xy) in core_owner:
                    raise ArtifactError(
                        f"descriptors {core_owner[(kernel, xy)]} and {index} of kernel '{kernel.name}' "
                        f"both run on core {xy}"
                    )
                core_owner[(kernel, xy)] = index
                cores.append(xy)
        kernel_cores.setdefault(kernel, set()).update(cores)
        descriptors.append(_descriptor_layout(index, spec, tuple(sorted(cores, key=lambda c: (c[1], c[0]))),
                                              tensor_index, artifact))
    return OperationLayout(
        artifact,
        worker,
        frozenset(kernel_cores),
        tuple(descriptors),
        {kernel: frozenset(cores) for kernel, cores in kernel_cores.items()},
        core_owner,
        configs,
        tensor_index,
        {
            kernel: all(d.caller_slot is not None for d in descriptors if d.spec.logical_kernel == kernel)
            for kernel in kernel_cores
        },
        {kernel.kind: kernel for kernel in kernel_cores if kernel.is_canonical},
        {
            kernel: rank
            for rank, kernel in enumerate(sorted(kernel_cores, key=lambda k: (k.name, k.kind.value)))
        },
    )


def _descriptor_layout(
    index: int,
    spec: KernelDescriptorSpec,
    cores: tuple[tuple[int, int], ...],
    tensor_index: dict[str, int],
    artifact: CompiledArtifact,
) -> DescriptorLayout:
    """The descriptor's slot plan. Its record has passed the attribute verifiers (which kinds each
    list holds, the words a slot carries, one caller slot placed where its words can be found,
    DFBs and configurations the record has): what is left are the tensors, which only the
    artifact knows."""
    where = f"descriptor {index} of kernel '{spec.logical_kernel.name}'"
    words: list[int] = []
    caller_count_slot = None
    for arg in spec.abi.compile_time_args:
        if arg.kind is ArgKind.CALLER_ARG_COUNT:
            caller_count_slot = len(words)
            words.append(0)
            continue
        if arg.kind is ArgKind.TENSOR_ACCESSOR:
            _check_accessor(where, arg, tensor_index, artifact)
        words.extend(arg.words)
    for arg in spec.abi.common_runtime_args + spec.abi.per_core_runtime_args:
        if arg.kind in (ArgKind.BUFFER_ADDRESS, ArgKind.SHARD_BANK_COORDS) and arg.ref not in tensor_index:
            raise ArtifactError(f"{where}: {arg.kind.value} slot names unknown tensor '{arg.ref}'")
    per_core = spec.abi.per_core_runtime_args
    caller_slot = next((i for i, arg in enumerate(per_core) if arg.kind is ArgKind.CALLER_ARGS), None)
    reconfigures = any(arg.kind is ArgKind.DFB_CONFIG_ADDRESS for arg in per_core)
    return DescriptorLayout(index, spec, cores, tuple(words), caller_count_slot,
                            spec.abi.common_runtime_args, per_core, caller_slot, reconfigures)


def _check_accessor(where: str, arg: KernelArg, tensor_index: dict[str, int], artifact: CompiledArtifact) -> None:
    if arg.ref not in tensor_index:
        raise ArtifactError(f"{where}: compile-time arg names unknown tensor '{arg.ref}'")
    tensor = artifact.tensors[tensor_index[arg.ref]]
    # ArgsConfig bit 0 (Sharded) must match the tensor: its kernels would address
    # pages where the tensor does not keep them.
    if bool(arg.words and arg.words[0] & 1) != (tensor.memory_layout != "interleaved"):
        raise ArtifactError(
            f"tensor '{tensor.name}': a {tensor.memory_layout} tensor with "
            f"{'an interleaved' if tensor.memory_layout != 'interleaved' else 'a sharded'} "
            f"tensor accessor (words {list(arg.words)})"
        )


def worker_noc_xy(x: int, y: int) -> tuple[int, int]:
    """The NoC 0 coordinates of logical worker core ``(x, y)`` as the emulated device lays its
    grid out (docs/emulator.md, "NoC": worker ``(x, y)`` is NoC ``(x + 1, y + 1)``). A real
    device's translated coordinates (ttnn's ``worker_core_from_logical_core``) are not
    modelled here yet."""
    return x + 1, y + 1


def bank_coord_words(cores: tuple[int, ...]) -> tuple[int, ...]:
    """A sharded TensorAccessor's runtime bank coordinates (TT-Metal's tensor_accessor.h:
    two 16-bit ``(noc_x << 8) | noc_y`` entries per word, the even bank in the low half) from
    the compiler's logical cores (``(x << 8) | y`` per bank)."""
    packed = []
    for core in cores:
        noc_x, noc_y = worker_noc_xy(core >> 8, core & 0xFF)
        packed.append((noc_x << 8) | noc_y)
    if len(packed) % 2:
        packed.append(0)
    return tuple(packed[i] | (packed[i + 1] << 16) for i in range(0, len(packed), 2))
