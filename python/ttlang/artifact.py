"""The compiled artifact: what compilation hands to the runtime.

This is the contract between the compiler (frontend, passes, EmitC backend) and the runtime
(runtime-resource planner, materializer, program cache, emitted runners). The runtime builds
ttnn descriptors from these records alone, without re-deriving anything from IR.

The kernel records are a Python view of the typed attributes the compiler writes on each
generated kernel (``#ttl.kernel_record`` with ``#ttl.abi``, ``#ttl.arg``, ``#ttl.dfb_spec``,
``#ttl.dfb_config``, ``#ttl.core_range``; ``TTLAttrs.td``), read through their C API
(``ttlang.backend``); the enums are generated from the same ``.td`` file.

All records are frozen and every collection is a tuple, so an artifact can be cached, hashed
and shared between threads.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from ttlang.dialects._ttl_enum_gen import DataFormat as _IRDataFormat
from ttlang.dialects._ttl_enum_gen import KernelArgKind as _IRArgKind
from ttlang.dialects._ttl_enum_gen import KernelKind as _IRKernelKind
from ttlang.dialects._ttl_enum_gen import ProcessorRole as _IRProcessorRole
from ttlang.dialects._ttl_enum_gen import TensorLayout as _IRTensorLayout


class KernelKind(enum.Flag):
    """Kinds of logical kernels. ``COMPUTE | DATA_MOVEMENT`` selects both canonical kernels.

    ``ir_name`` is the kind's spelling in the IR (``#ttl.kernel<compute>``), which is also the
    name of the kind's canonical kernel; it comes from the dialect's ``TTL_KernelKind`` enum
    (``TTLAttrs.td``, generated into ``ttlang.dialects._ttl_enum_gen``), its only definition.
    """

    COMPUTE = enum.auto()
    DATA_MOVEMENT = enum.auto()

    @property
    def ir_name(self) -> str:
        return str(_IR_KINDS[self])

    @classmethod
    def from_ir_name(cls, name: str) -> KernelKind:
        """The kind an IR spelling names (``"compute"``, ``"data_movement"``)."""
        for kind, ir_kind in _IR_KINDS.items():
            if str(ir_kind) == name:
                return kind
        raise ValueError(f"{name!r} is not a kernel kind (the IR spells {CANONICAL_KERNEL_NAMES})")


_IR_KINDS = {KernelKind.COMPUTE: _IRKernelKind.Compute, KernelKind.DATA_MOVEMENT: _IRKernelKind.DataMovement}
KERNEL_KIND_OF_IR: dict[int, KernelKind] = {int(ir_kind): kind for kind, ir_kind in _IR_KINDS.items()}
# The names of the canonical (compiler-owned) kernels: the kinds' IR spellings.
CANONICAL_KERNEL_NAMES = tuple(str(k) for k in _IR_KINDS.values())


def enum_of_ir(name: str, ir_enum: type[enum.IntEnum], doc: str) -> Any:
    """A Python enum of the IR enum ``ir_enum`` (generated from ``TTLAttrs.td`` into
    ``ttlang.dialects._ttl_enum_gen``, its only definition): one member per case, named by its IR
    spelling in upper case, whose value is the spelling (``ArgKind.DFB_INDEX.value ==
    "dfb_index"``)."""
    cls = enum.Enum(name, [(str(case).upper(), str(case)) for case in ir_enum], module=__name__)  # type: ignore[misc]
    cls.__doc__ = doc
    return cls


# COMPUTE (TRISC 0/1/2: unpack, math, pack), DATA_MOVEMENT_0 (BRISC, ttnn ReaderConfig /
# RISCV_0), DATA_MOVEMENT_1 (NCRISC, ttnn WriterConfig / RISCV_1): TTL_ProcessorRole.
ProcessorRole = enum_of_ir("ProcessorRole", _IRProcessorRole, "Which Tensix processor(s) run a kernel descriptor.")


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
        return self.name == self.kind.ir_name


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


# DFB_INDEX, TENSOR_ACCESSOR, BUFFER_ADDRESS, CALLER_ARGS, CALLER_ARG_COUNT, DFB_CONFIG_ADDRESS,
# CORE_COORD, SCALAR: TTL_KernelArgKind, whose cases say what each carries.
ArgKind = enum_of_ir("ArgKind", _IRArgKind, "What one kernel argument word (or group of words) carries.")
# The IR enums' values (what the C API returns) -> the Python members.
ROLE_OF_IR: dict[int, Any] = {int(case): ProcessorRole(str(case)) for case in _IRProcessorRole}
ARG_KIND_OF_IR: dict[int, Any] = {int(case): ArgKind(str(case)) for case in _IRArgKind}
DATA_FORMAT_OF_IR: dict[int, str] = {int(case): str(case) for case in _IRDataFormat}
# A DFB's pages: "tiled" (tiles) or "row_major" (element-shaped blocks, one row per page).
DFB_LAYOUT_OF_IR: dict[int, str] = {int(case): str(case) for case in _IRTensorLayout}


@dataclass(frozen=True)
class KernelArg:
    """One slot of a kernel's ABI.

    ``ref`` names what the slot refers to: a DFB name, a tensor parameter index, a scalar name.
    ``count`` is the number of 32-bit words (TensorAccessorArgs take several). ``words`` are the
    slot's finished values when the compiler knows them (a DFB's physical index, a tensor's
    TensorAccessorArgs words); the runtime passes them as they are.
    """

    kind: ArgKind
    ref: str
    count: int = 1
    words: tuple[int, ...] = ()


@dataclass(frozen=True)
class KernelABI:
    """Order and meaning of a kernel's arguments (see docs/kernel-abi.md)."""

    compile_time_args: tuple[KernelArg, ...]
    common_runtime_args: tuple[KernelArg, ...]
    per_core_runtime_args: tuple[KernelArg, ...]


@dataclass(frozen=True)
class DataflowBufferSpec:
    """One DFB as the runtime allocates it (a ttnn CBDescriptor).

    ``block_shape`` (tiles, or for a ``row_major`` ``layout`` rows and elements per row) and
    ``block_count`` are its ``!ttl.dfb`` type (for DFBs sharing a physical index, the largest);
    ``reconfigured_blocks`` are the blocks of the rings its synchronized reconfigurations add.
    ``total_size`` = ``page_size`` x block pages (tiles, or rows) x (``block_count`` +
    ``reconfigured_blocks``).
    """

    name: str
    physical_index: int
    data_format: str  # "bfloat16" | "float32" (TTL_DataFormat)
    page_size: int  # bytes of one page: a tile, or a row rounded up to 64 B
    total_size: int  # bytes of the whole ring on one core
    block_shape: tuple[int, int]  # tiles (rows, cols), or (rows, elements per row)
    block_count: int
    reconfigured_blocks: int = 0
    location: str = ""  # "file:line" of the user's source that made it ("" if unknown)
    layout: str = "tiled"  # "tiled" | "row_major" (element-shaped blocks)


@dataclass(frozen=True)
class TensorParamSpec:
    """One tensor parameter of the operation, in call order."""

    name: str
    shape: tuple[int, ...]
    dtype: str  # "bfloat16" | "float32"
    buffer_type: str  # "dram" | "l1"
    memory_layout: str  # "interleaved" | "height_sharded" | "width_sharded" | "block_sharded"
    shard: Any = None  # a sharded tensor's ttlang.ShardSpec


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
class PipeSemaphoreSpec:
    """The semaphores of one pipe's handshake (ttl-plan-pipes, docs/language.md "Pipes"):
    ``ready`` on its source core ``src``, ``valid`` on each destination, the cores of the
    inclusive rectangles ``dst`` ((x0, y0, x1, y1), ...: one, or the rectangles a 1-D pipe's
    run of cores splits into); ``description`` names the pipe and where its PipeNet was made,
    for the emulated device's deadlock report."""

    ready: int
    valid: int
    src: tuple[int, int]
    dst: tuple[tuple[int, int, int, int], ...]
    description: str

    def names(self) -> dict[tuple[int, int, int], str]:
        """(semaphore id, core x, core y) -> what a kernel waiting on it there waits for."""
        names = {(self.ready, *self.src): f"its receivers, on {self.description}"}
        for x0, y0, x1, y1 in self.dst:
            for y in range(y0, y1 + 1):
                for x in range(x0, x1 + 1):
                    names[(self.valid, x, y)] = f"its source, on {self.description}"
        return names


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
    # The semaphores of its pipes' handshakes (ids below compiler_semaphore_count).
    pipe_semaphores: tuple[PipeSemaphoreSpec, ...] = ()

    def logical_kernels(self) -> tuple[LogicalKernelId, ...]:
        seen: dict[LogicalKernelId, None] = {}
        for kernel in self.kernels:
            seen.setdefault(kernel.logical_kernel)
        return tuple(seen)
