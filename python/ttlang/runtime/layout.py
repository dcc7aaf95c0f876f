"""What the runtime derives once from a compiled artifact: kernel core sets, ABI slot plans and
the artifact's own consistency checks. Built once per operation runtime, never per dispatch."""

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
    ProcessorRole,
)
from ttlang.runtime.errors import ArtifactError

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
    worker = frozenset((x, y) for y in range(rows) for x in range(cols))
    dfb_index = {dfb.name: dfb.physical_index for dfb in artifact.dataflow_buffers}
    configs = {config.name: config.address for config in artifact.dfb_configurations}
    for config in artifact.dfb_configurations:
        if config.dataflow_buffer not in dfb_index:
            raise ArtifactError(f"DFB configuration '{config.name}' names unknown DFB")
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
                                              dfb_index, configs, tensor_index, artifact))
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
    dfb_index: dict[str, int],
    configs: dict[str, int],
    tensor_index: dict[str, int],
    artifact: CompiledArtifact,
) -> DescriptorLayout:
    where = f"descriptor {index} of kernel '{spec.logical_kernel.name}'"
    words: list[int] = []
    caller_count_slot = None
    for arg in spec.abi.compile_time_args:
        if arg.kind is ArgKind.DFB_INDEX:
            if arg.ref not in dfb_index:
                raise ArtifactError(f"{where}: compile-time arg names unknown DFB '{arg.ref}'")
            if arg.words != (dfb_index[arg.ref],):
                raise ArtifactError(
                    f"{where}: compile-time arg of DFB '{arg.ref}' carries {arg.words}, not its "
                    f"physical index {dfb_index[arg.ref]}"
                )
            words.extend(arg.words)
        elif arg.kind is ArgKind.TENSOR_ACCESSOR:
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
            # The compiler's finished TensorAccessorArgs words (#ttl.arg words).
            if arg.count != len(arg.words):
                raise ArtifactError(
                    f"{where}: tensor accessor of '{arg.ref}' carries {len(arg.words)} words, ABI "
                    f"says {arg.count}"
                )
            words.extend(arg.words)
        elif arg.kind is ArgKind.CALLER_ARG_COUNT:
            if caller_count_slot is not None:
                raise ArtifactError(f"{where}: two caller-argument-count slots")
            caller_count_slot = len(words)
            words.append(0)
        else:
            raise ArtifactError(f"{where}: {arg.kind.value} cannot be a compile-time argument")
    for arg in spec.abi.common_runtime_args:
        if arg.kind in (ArgKind.BUFFER_ADDRESS, ArgKind.SHARD_BANK_COORDS):
            if arg.ref not in tensor_index:
                raise ArtifactError(f"{where}: common runtime arg names unknown tensor '{arg.ref}'")
            if arg.kind is ArgKind.SHARD_BANK_COORDS and arg.count != (len(arg.words) + 1) // 2:
                raise ArtifactError(
                    f"{where}: bank coordinates of '{arg.ref}' take {arg.count} words for "
                    f"{len(arg.words)} banks"
                )
        elif arg.kind is not ArgKind.SCALAR:
            raise ArtifactError(f"{where}: {arg.kind.value} cannot be a common runtime argument")
    caller_slot = None
    reconfigures = False
    for position, arg in enumerate(spec.abi.per_core_runtime_args):
        if arg.kind is ArgKind.CALLER_ARGS:
            if caller_slot is not None:
                raise ArtifactError(f"{where}: two caller-argument slots")
            caller_slot = position
        elif arg.kind is ArgKind.DFB_CONFIG_ADDRESS:
            if arg.ref not in configs:
                raise ArtifactError(f"{where}: unknown DFB configuration '{arg.ref}'")
            reconfigures = True
        elif arg.kind is ArgKind.BUFFER_ADDRESS:
            if arg.ref not in tensor_index:
                raise ArtifactError(f"{where}: per-core runtime arg names unknown tensor '{arg.ref}'")
        elif arg.kind is ArgKind.CORE_COORD:
            if arg.count != 2:
                raise ArtifactError(f"{where}: a core coordinate takes 2 words")
        elif arg.kind is not ArgKind.SCALAR:
            raise ArtifactError(f"{where}: {arg.kind.value} cannot be a per-core runtime argument")
    _check_unpack_to_dest(where, spec, artifact)
    per_core = spec.abi.per_core_runtime_args
    if reconfigures and caller_slot not in (None, 0):
        raise ArtifactError(
            f"{where}: caller per-core arguments must come first (zero-based) in a "
            "reconfiguring kernel"
        )
    if caller_slot is not None and caller_slot != len(per_core) - 1 and caller_count_slot is None:
        raise ArtifactError(
            f"{where}: per-core arguments follow the caller's, so the kernel needs a "
            "caller-argument-count compile-time argument to find them"
        )
    return DescriptorLayout(index, spec, cores, tuple(words), caller_count_slot,
                            spec.abi.common_runtime_args, per_core, caller_slot, reconfigures)


def _check_unpack_to_dest(where: str, spec: KernelDescriptorSpec, artifact: CompiledArtifact) -> None:
    """``unpack_to_dest`` names f32 DFBs of a compute kernel with fp32 DEST accumulation (a
    32-bit tile cannot be unpacked into a 16-bit DEST), once each."""
    if not spec.unpack_to_dest:
        return
    if spec.role is not ProcessorRole.COMPUTE or not spec.fp32_dest_acc_en:
        raise ArtifactError(f"{where}: unpack_to_dest needs a compute kernel with fp32_dest_acc_en")
    formats = {dfb.physical_index: dfb.data_format for dfb in artifact.dataflow_buffers}
    if len(set(spec.unpack_to_dest)) != len(spec.unpack_to_dest):
        raise ArtifactError(f"{where}: unpack_to_dest names a DFB twice: {spec.unpack_to_dest}")
    for index in spec.unpack_to_dest:
        if formats.get(index) != "float32":
            raise ArtifactError(
                f"{where}: unpack_to_dest names DFB index {index}, which is not an f32 DFB of the "
                "operation"
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
