"""The compiled artifact: what compilation hands to the runtime.

This is the contract between the compiler (frontend, passes, EmitC backend) and the runtime
(runtime-resource planner, materializer, program cache, emitted runners). The runtime builds
ttnn descriptors from these records alone, without re-deriving anything from IR.

All records are frozen and every collection is a tuple, so an artifact can be cached, hashed
and shared between threads.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class KernelKind(enum.Flag):
    """Kinds of logical kernels. ``COMPUTE | DATA_MOVEMENT`` selects both canonical kernels."""

    COMPUTE = enum.auto()
    DATA_MOVEMENT = enum.auto()


class ProcessorRole(enum.Enum):
    """Which Tensix processor(s) run a kernel descriptor."""

    COMPUTE = "compute"  # TRISC 0/1/2 (unpack, math, pack)
    DATA_MOVEMENT_0 = "data_movement_0"  # BRISC, ttnn ReaderConfig / RISCV_0
    DATA_MOVEMENT_1 = "data_movement_1"  # NCRISC, ttnn WriterConfig / RISCV_1


@dataclass(frozen=True)
class LogicalKernelId:
    """Identity of one logical kernel of one operation.

    ``operation_id`` is the deterministic operation identity; ``name`` is the capture name of an
    operation-owned ``ttl.Kernel`` handle, or ``"compute"`` / ``"data_movement"`` for the
    canonical kernel of that kind. Equal ids mean the same logical kernel.
    """

    operation_id: str
    name: str
    kind: KernelKind

    # Dispatch hashes kernel ids several times per call (plans, memo, cache key); the
    # generated dataclass hash would rebuild a tuple and hash the enum in Python every time.
    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.operation_id, self.name, self.kind)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    def __reduce__(self) -> tuple[type[LogicalKernelId], tuple[str, str, KernelKind]]:
        # The cached hash is of this process (string hashing is salted per process): a pickled
        # id (the compile cache) recomputes it where it is loaded.
        return (LogicalKernelId, (self.operation_id, self.name, self.kind))

    @property
    def is_canonical(self) -> bool:
        return self.name in ("compute", "data_movement")


@dataclass(frozen=True)
class CoreRange:
    """An inclusive rectangle of worker cores, ``(x, y)`` = ``(col, row)`` as in ttnn.CoreCoord."""

    start: tuple[int, int]
    end: tuple[int, int]

    def contains(self, x: int, y: int) -> bool:
        return self.start[0] <= x <= self.end[0] and self.start[1] <= y <= self.end[1]

    def coords(self) -> tuple[tuple[int, int], ...]:
        return tuple(
            (x, y)
            for y in range(self.start[1], self.end[1] + 1)
            for x in range(self.start[0], self.end[0] + 1)
        )


class ArgKind(enum.Enum):
    """What one kernel argument word (or group of words) carries."""

    DFB_INDEX = "dfb_index"  # compile-time: physical DFB (circular buffer) index
    TENSOR_ACCESSOR = "tensor_accessor"  # compile-time: TensorAccessorArgs words of a tensor
    BUFFER_ADDRESS = "buffer_address"  # runtime: a tensor's buffer address
    CALLER_ARG_COUNT = "caller_arg_count"  # compile-time: number of caller per-core args
    CALLER_ARGS = "caller_args"  # per-core runtime: caller (runtime-resource) words
    DFB_CONFIG_ADDRESS = "dfb_config_address"  # per-core runtime: DFB reconfiguration address
    CORE_COORD = "core_coord"  # per-core runtime: the core's (x, y)
    SCALAR = "scalar"  # runtime: a scalar value


@dataclass(frozen=True)
class KernelArg:
    """One slot of a kernel's ABI.

    ``ref`` names what the slot refers to: a DFB name, a tensor parameter index, a scalar name.
    ``count`` is the number of 32-bit words (TensorAccessorArgs take several).
    """

    kind: ArgKind
    ref: str
    count: int = 1


@dataclass(frozen=True)
class KernelABI:
    """Order and meaning of a kernel's arguments (see docs/kernel-abi.md)."""

    compile_time_args: tuple[KernelArg, ...]
    common_runtime_args: tuple[KernelArg, ...]
    per_core_runtime_args: tuple[KernelArg, ...]


@dataclass(frozen=True)
class DataflowBufferSpec:
    """One DFB as the runtime allocates it (a ttnn CBDescriptor).

    ``block_shape`` (tiles) and ``block_count`` are its ``!ttl.dfb`` type (for DFBs sharing a
    physical index, the largest); ``reconfigured_blocks`` are the blocks of the rings its
    synchronized reconfigurations add. ``total_size`` = ``page_size`` x block tiles x
    (``block_count`` + ``reconfigured_blocks``).
    """

    name: str
    physical_index: int
    data_format: str  # "bfloat16" | "float32"
    page_size: int  # bytes of one tile
    total_size: int  # bytes of the whole ring on one core
    block_shape: tuple[int, int]  # tiles (rows, cols)
    block_count: int
    reconfigured_blocks: int = 0
    location: str = ""  # "file:line" of the user's source that made it ("" if unknown)


@dataclass(frozen=True)
class TensorParamSpec:
    """One tensor parameter of the operation, in call order."""

    name: str
    shape: tuple[int, ...]
    dtype: str  # "bfloat16" | "float32"
    buffer_type: str  # "dram" | "l1"
    memory_layout: str  # "interleaved" | ...


@dataclass(frozen=True)
class KernelDescriptorSpec:
    """One generated kernel descriptor.

    Core specialization can produce several descriptors for one logical kernel, each with its
    own disjoint ``core_ranges``. ``fp32_dest_acc_en`` (compute kernels) asks for fp32 DEST
    accumulation (``ttnn.ComputeConfigDescriptor(fp32_dest_acc_en=True)``): the compiler sets it
    on a compute kernel that uses an f32 DFB, and sized the kernel's DEST use for it.
    ``unpack_to_dest`` (compute kernels with ``fp32_dest_acc_en``) lists the physical indices of
    the f32 DFBs the kernel reads only with ``copy_tile``: their ``unpack_to_dest_mode`` is
    ``UnpackToDestFp32``, so their tiles reach DEST with every f32 bit instead of passing
    through the 19-bit (TF32) source registers.
    """

    logical_kernel: LogicalKernelId
    role: ProcessorRole
    core_ranges: tuple[CoreRange, ...]
    source: str  # C++ kernel source text
    abi: KernelABI
    include_paths: tuple[str, ...] = ()
    defines: tuple[tuple[str, str], ...] = ()
    fp32_dest_acc_en: bool = False
    unpack_to_dest: tuple[int, ...] = ()  # sorted physical DFB indices


@dataclass(frozen=True)
class DataflowBufferConfigSpec:
    """One compiler-owned configuration block of a synchronized DFB reconfiguration.

    A kernel that reconfigures DFBs reads the block's L1 ``address`` from a per-core runtime
    argument (``ArgKind.DFB_CONFIG_ADDRESS`` with ``ref`` = ``name``), placed after the caller's
    per-core words.
    """

    name: str
    dataflow_buffer: str  # the DFB this block reconfigures
    address: int  # L1 byte address assigned by the compiler


@dataclass(frozen=True)
class FabricManagerSpec:
    """One fabric-manager lifetime in a logical kernel, in program order.

    ``start`` is the position where the acquiring call starts and ``end`` the position after the
    releasing call returns (a scoped call has both). External managers (``external=True``) are
    claimed by a ``FabricManagerClaim`` called ``name``; their links come from the caller's
    ``FabricConnectionBinding``. Generated managers name the forwarding links they hold in
    ``link_indices``. ``abi_identity``, when set, is what an external binding must declare.
    """

    logical_kernel: LogicalKernelId
    name: str
    external: bool
    start: int
    end: int
    link_indices: tuple[int, ...] = ()
    abi_identity: str | None = None


@dataclass(frozen=True)
class CompiledArtifact:
    """Everything the runtime needs to build and dispatch one compiled operation."""

    operation_name: str
    operation_id: str
    grid: tuple[int, int]  # (cols, rows)
    target: str  # "wormhole_b0" | "blackhole"
    tensors: tuple[TensorParamSpec, ...]
    dataflow_buffers: tuple[DataflowBufferSpec, ...]
    kernels: tuple[KernelDescriptorSpec, ...]
    compiler_semaphore_count: int = 0  # ids [0, n) are compiler-managed
    # The operation was declared with runtime_resource_factory=: every execution needs a factory.
    uses_runtime_resources: bool = False
    dfb_configurations: tuple[DataflowBufferConfigSpec, ...] = ()
    fabric_managers: tuple[FabricManagerSpec, ...] = ()

    def logical_kernels(self) -> tuple[LogicalKernelId, ...]:
        seen: dict[LogicalKernelId, None] = {}
        for kernel in self.kernels:
            seen.setdefault(kernel.logical_kernel)
        return tuple(seen)
