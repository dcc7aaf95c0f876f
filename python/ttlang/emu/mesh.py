"""Meshes of emulated devices: ``ttlang.emu.open_mesh_device((rows, cols))``.

A :class:`MeshDevice` is a grid of emulated chips (:class:`MeshMember`, each an
``ttlang.emu.Device`` with its own DRAM, L1 and cores) joined by the fabric links its
:class:`~ttlang.emu.mesh_topology.MeshTopology` describes. Tensors live on it as
:class:`MeshTensor`s: one tensor per chip, placed as ttnn's mappers place them (replicated,
sharded over all chips in row-major order, or sharded per mesh axis) and read back as its
composers concatenate them.

An operation called with mesh tensors runs on every chip, one program per chip, as ttnn's mesh
workloads do: the runtime (``OperationRuntime.run``) hands the call to
:meth:`MeshDevice.run_mesh_workload`, which runs it once per chip with that chip's tensors, so the
runtime resource factory is called once per device execution (the spec) and each chip's program
carries its own runtime words. A factory finds its chip through its tensors:
``tensors[0].device().mesh_coordinate``.
"""

from __future__ import annotations

import gc
import itertools
import os
import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ttlang.emu import _emu
from ttlang.emu.device import (
    DEFAULT_ARCHITECTURE,
    DEFAULT_WATCHDOG,
    DRAM,
    Device,
    MemoryConfig,
    Tensor,
    _as_numpy,
)
from ttlang.emu.errors import EmulatorError, NotEmulatedError
from ttlang.emu.mesh_topology import MeshTopology, topology_for
from ttlang.emu.trace import Trace

Coordinate = tuple[int, int]
# Per mesh axis (rows, cols): the tensor dimension sharded along it, or None (replicated).
AxisPlacements = tuple[int | None, int | None]


# Buffer slots of a fabric link per sender: a sender fills one per packet and must observe the
# router's credits (wait_for_empty_write_slot) to reuse them. Chosen here: the real count is
# the router's configuration (num_buffers_per_channel, read from L1 at run time), which no
# shipped header fixes (docs/emulator.md, "Meshes and fabric").
FABRIC_SLOTS = 8
# A connection word (what a sender's WorkerToFabricEdmSender::build_from_args reads; the eth
# channel on hardware): this bit, the link at bit 16, the destination chip's index below
# (lib/Emu/Fabric.cpp reads it).
_CONNECTION_TAG = 1 << 31


def fabric_connection_word(destination: int, link: int = 0) -> int:
    """The runtime word of a sender connection to chip ``destination`` (its row-major index
    in the mesh) over ``link`` (see :meth:`MeshDevice.fabric_connection_word`)."""
    if not 0 <= destination < 1 << 16 or not 0 <= link < 1 << 15:
        raise ValueError(f"fabric connection to device {destination} over link {link}: out of range")
    return _CONNECTION_TAG | (link << 16) | destination


class MeshMember(Device):
    """One chip of a mesh: an emulated device that knows its place (``mesh_coordinate``, row
    and column; ``device_id``, its row-major index) and its mesh (``mesh``). While its mesh
    dispatches a workload, :meth:`execute` hands its program to the mesh, which runs every
    chip's together."""

    def __init__(self, mesh: MeshDevice, coordinate: Coordinate, device_id: int, arch: str,
                 **options: Any) -> None:
        try:
            super().__init__(arch, **options)
        except RuntimeError:
            # Each chip's L1 takes address space below 4 GiB (docs/emulator.md, "Meshes and
            # fabric"): meshes dropped but still in reference cycles give theirs back first.
            gc.collect()
            super().__init__(arch, **options)
        self._mesh = weakref.ref(mesh)  # the mesh holds its chips, not the other way round
        self.mesh_coordinate = coordinate
        self.device_id = device_id
        self._collect: list[tuple[Any, ...]] | None = None

    @property
    def mesh(self) -> MeshDevice:
        mesh = self._mesh()
        if mesh is None:
            raise EmulatorError(f"the mesh of device {self.device_id} was closed")
        return mesh

    def id(self) -> int:
        return self.device_id

    def execute(self, tensors: Sequence[Tensor], program: Any, *,
                dataflow_buffers: Any = None, kernel_names: Sequence[str] | None = None,
                semaphores: Any = None) -> Tensor | None:
        if self._collect is None:
            return super().execute(tensors, program, dataflow_buffers=dataflow_buffers,
                                   kernel_names=kernel_names, semaphores=semaphores)
        for tensor in tensors:
            if isinstance(tensor, (Tensor, MeshTensor)) and tensor.device() is not self:
                raise EmulatorError("a tensor of another emulated device was passed")
        native_program, args = self._programs.read(program, kernel_names)
        self._collect.append((self, native_program, args, dataflow_buffers, semaphores))
        return tensors[-1] if tensors else None

    def __repr__(self) -> str:
        return f"ttlang.emu.MeshMember({self.arch()!r}, device {self.device_id} at {self.mesh_coordinate}, emulated)"


def _chunks(values: np.ndarray, count: int, dim: int) -> list[np.ndarray]:
    """``values`` cut into ``count`` equal pieces along ``dim`` (ttnn's shard mappers cut with
    torch.chunk; pieces of unequal size are not emulated)."""
    size = values.shape[dim]
    if size % count:
        raise NotEmulatedError(
            f"sharding dimension {dim} of size {size} over {count} devices: only even shards are "
            "emulated (each device gets the same shape)"
        )
    return np.split(values, count, axis=dim)


def shard_flat(values: np.ndarray, shape: tuple[int, int], dim: int) -> dict[Coordinate, np.ndarray]:
    """``ShardTensorToMesh(dim)``: ``values`` cut along ``dim`` over every chip, row-major."""
    rows, cols = shape
    pieces = _chunks(values, rows * cols, dim)
    return {(r, c): pieces[r * cols + c] for r in range(rows) for c in range(cols)}


def shard_2d(values: np.ndarray, shape: tuple[int, int], dims: AxisPlacements) -> dict[Coordinate, np.ndarray]:
    """``ShardTensor2dMesh(dims=(row_dim, col_dim))`` (``ReplicateTensorToMesh`` is
    ``(None, None)``): cut along ``row_dim`` over the rows, then each row's piece along
    ``col_dim`` over the columns; ``None`` replicates along that axis."""
    rows, cols = shape
    by_row = [values] * rows if dims[0] is None else _chunks(values, rows, dims[0])
    out = {}
    for r, piece in enumerate(by_row):
        by_col = [piece] * cols if dims[1] is None else _chunks(piece, cols, dims[1])
        for c, leaf in enumerate(by_col):
            out[(r, c)] = leaf
    return out


def concat_flat(pieces: dict[Coordinate, np.ndarray], shape: tuple[int, int], dim: int) -> np.ndarray:
    """``ConcatMeshToTensor(dim)``: every chip's tensor, row-major, concatenated along ``dim``."""
    rows, cols = shape
    return np.concatenate([pieces[(r, c)] for r in range(rows) for c in range(cols)], axis=dim)


def concat_2d(pieces: dict[Coordinate, np.ndarray], shape: tuple[int, int], dims: tuple[int, int]) -> np.ndarray:
    """``ConcatMesh2dToTensor(dims=(row_dim, col_dim))``: each row's tensors concatenated along
    ``col_dim``, then the rows along ``row_dim``."""
    rows, cols = shape
    return np.concatenate(
        [np.concatenate([pieces[(r, c)] for c in range(cols)], axis=dims[1]) for r in range(rows)],
        axis=dims[0],
    )


class MeshTensor:
    """A tensor on a mesh: one emulated tensor per chip, all of one shape, dtype and memory
    configuration (what ttnn's multi-device tensors are). ``shape`` is each chip's, as in ttnn;
    an operation called with mesh tensors runs on every chip with that chip's tensor."""

    def __init__(self, mesh: MeshDevice, shards: dict[Coordinate, Tensor]) -> None:
        first = next(iter(shards.values()))
        for coordinate, shard in shards.items():
            if shard.shape != first.shape or shard.dtype != first.dtype:
                raise EmulatorError(
                    f"mesh tensor shards differ: {coordinate} holds {shard.dtype} {shard.shape}, "
                    f"another {first.dtype} {first.shape}"
                )
        self._mesh = mesh
        self._shards = dict(shards)
        self.shape = first.shape
        self.padded_shape = first.padded_shape
        self.dtype = first.dtype
        self.layout = first.layout
        self.ttlang_tensor_spec = first.ttlang_tensor_spec

    def device(self) -> MeshDevice:
        return self._mesh

    def memory_config(self) -> MemoryConfig:
        return next(iter(self._shards.values())).memory_config()

    def shard(self, coordinate: Coordinate) -> Tensor:
        """The tensor on the chip at ``coordinate`` (row, column)."""
        self._mesh.device(coordinate)  # a chip this process holds (a mesh over processes)
        return self._shards[tuple(coordinate)]  # type: ignore[index]

    def device_tensors(self) -> list[Tensor]:
        """Each chip's tensor, row-major (``ttnn.get_device_tensors``; of a mesh spread over
        processes, the chips this one holds)."""
        return [self._shards[c] for c in self._mesh.local_coordinates()]

    def to_numpy_by_device(self) -> dict[Coordinate, np.ndarray]:
        """Every chip's values (of a mesh spread over processes, gathered from all of them:
        every process calls it)."""
        return self._mesh.gather_pieces({c: t.to_numpy() for c, t in self._shards.items()})

    def concat(self, dim: int) -> np.ndarray:
        """``ConcatMeshToTensor(dim)``."""
        return concat_flat(self.to_numpy_by_device(), self._mesh.shape, dim)

    def concat_2d(self, dims: tuple[int, int]) -> np.ndarray:
        """``ConcatMesh2dToTensor(dims)``."""
        return concat_2d(self.to_numpy_by_device(), self._mesh.shape, dims)

    def write(self, pieces: dict[Coordinate, np.ndarray]) -> MeshTensor:
        for coordinate, values in pieces.items():
            self._shards[coordinate].write(values)
        return self

    def buffer_address(self) -> int:
        """The address of its buffer, the same on every chip (as a ttnn mesh buffer's), which
        kernels sending through the fabric rely on; an EmulatorError when the chips' allocators
        diverged (tensors put on single chips of the mesh)."""
        addresses = {t.buffer_address() for t in self._shards.values()}
        if len(addresses) != 1:
            raise EmulatorError(f"the mesh tensor's buffers lie at different addresses on its chips "
                                f"({sorted(hex(a) for a in addresses)})")
        return addresses.pop()

    def deallocate(self) -> None:
        for shard in self._shards.values():
            shard.deallocate()

    def __repr__(self) -> str:
        return (f"ttlang.emu.MeshTensor(shape={self.shape}, dtype={self.dtype}, "
                f"{self.memory_config().buffer_type}, on a {self._mesh.shape[0]}x{self._mesh.shape[1]} mesh)")


@dataclass(frozen=True)
class MeshDispatchResult:
    """One operation call on a mesh: each chip's ``DispatchResult``, row-major."""

    results: tuple[tuple[Coordinate, Any], ...]
    emulated: bool = True
    compile_only: bool = False

    @property
    def cache_hit(self) -> bool:
        """True when every chip's program came from the program cache."""
        return all(result.cache_hit for _, result in self.results)

    @property
    def program_hash(self) -> int:
        return self.results[0][1].program_hash

    def on(self, coordinate: Coordinate) -> Any:
        return dict(self.results)[tuple(coordinate)]  # type: ignore[index]

    def describe(self) -> str:
        return "\n".join(f"device {c}:\n{r.describe()}" for c, r in self.results)


class MeshDevice:
    """A ``(rows, cols)`` mesh of emulated chips of one architecture, linked as ``topology``
    says (default: :func:`~ttlang.emu.mesh_topology.topology_for` the shape and arch, the
    shipped descriptor's links). Kernel builds and read programs are shared by its chips."""

    is_emulated = True

    def __init__(
        self,
        shape: Sequence[int],
        arch: str = DEFAULT_ARCHITECTURE,
        *,
        topology: MeshTopology | None = None,
        cache_dir: str | os.PathLike[str] | None = None,
        schedule: str = "forward",
        watchdog: float | None = DEFAULT_WATCHDOG,
        threads: int | None = None,
        member: Callable[..., MeshMember] = MeshMember,
    ) -> None:
        rows, cols = (int(d) for d in shape)
        if topology is None:
            topology = topology_for((rows, cols), arch)
        if topology.shape != (rows, cols):
            raise ValueError(f"topology of shape {topology.shape} for a {rows}x{cols} mesh")
        self.shape = (rows, cols)
        self.topology = topology
        self.control_plane = topology.control_plane()
        self._arch = arch
        devices: list[MeshMember] = []
        for coordinate in self.local_coordinates():
            index = coordinate[0] * cols + coordinate[1]  # the device id: its row-major index
            device = member(self, coordinate, index, arch, cache_dir=cache_dir, schedule=schedule,
                            watchdog=watchdog, threads=threads)
            if devices:  # one kernel cache and one cache of read programs for the mesh
                device.kernels = devices[0].kernels
                device._programs = devices[0]._programs
            devices.append(device)
        self.devices: tuple[MeshMember, ...] = tuple(devices)
        self.grid = devices[0].grid

    def coordinates(self) -> Iterator[Coordinate]:
        return iter(itertools.product(range(self.shape[0]), range(self.shape[1])))

    def local_coordinates(self) -> Iterator[Coordinate]:
        """The chips this process holds, row-major: every chip (a mesh spread over processes,
        ``ttlang.emu.mesh_mpi``, holds some)."""
        return self.coordinates()

    def device(self, coordinate: Coordinate) -> MeshMember:
        r, c = coordinate
        return self.devices[r * self.shape[1] + c]

    def gather_pieces(self, pieces: dict[Coordinate, np.ndarray]) -> dict[Coordinate, np.ndarray]:
        """Every chip's piece of a tensor from this process's ``pieces`` (here: all of them)."""
        return pieces

    def get_num_devices(self) -> int:
        return len(self.devices)

    def arch(self) -> str:
        return self._arch

    def compute_with_storage_grid_size(self) -> tuple[int, int]:
        return self.grid

    @property
    def default_grid(self) -> tuple[int, int] | None:
        return getattr(self.devices[0], "default_grid", None)

    # Tensors ---------------------------------------------------------------------------------

    def _tensor(self, pieces: dict[Coordinate, np.ndarray], dtype: str | None,
                memory_config: MemoryConfig) -> MeshTensor:
        return MeshTensor(self, {c: self.device(c).tensor(pieces[c], dtype, memory_config)
                                 for c in self.local_coordinates()})

    def replicate(self, array: Any, dtype: str | None = None, memory_config: MemoryConfig = DRAM) -> MeshTensor:
        """``ReplicateTensorToMesh``: the same values on every chip."""
        return self._tensor(shard_2d(_as_numpy(array), self.shape, (None, None)), dtype, memory_config)

    def shard(self, array: Any, dim: int, dtype: str | None = None, memory_config: MemoryConfig = DRAM) -> MeshTensor:
        """``ShardTensorToMesh(dim)``: ``array`` cut along ``dim`` over every chip, row-major."""
        return self._tensor(shard_flat(_as_numpy(array), self.shape, dim), dtype, memory_config)

    def shard_2d(self, array: Any, dims: AxisPlacements, dtype: str | None = None,
                 memory_config: MemoryConfig = DRAM) -> MeshTensor:
        """``ShardTensor2dMesh(dims=(row_dim, col_dim))``; ``None`` replicates along that axis."""
        return self._tensor(shard_2d(_as_numpy(array), self.shape, dims), dtype, memory_config)

    def empty(self, shape: Sequence[int], dtype: str = "bfloat16", memory_config: MemoryConfig = DRAM) -> MeshTensor:
        """A tensor of ``shape`` on every chip (zeros)."""
        return MeshTensor(self, {c: self.device(c).empty(shape, dtype, memory_config)
                                 for c in self.local_coordinates()})

    # Dispatch --------------------------------------------------------------------------------

    def run_mesh_workload(self, run_one: Callable[..., Any], tensors: Sequence[Any]) -> MeshDispatchResult:
        """Runs an operation once per chip, row-major: ``run_one(chip_tensors, device=chip)``
        (``OperationRuntime.run``'s per-device call). Every tensor must be a mesh tensor of this
        mesh."""
        for tensor in tensors:
            if not isinstance(tensor, MeshTensor) or tensor.device() is not self:
                raise EmulatorError(
                    "an operation on a mesh takes tensors of that mesh only (ttnn's from_torch with "
                    f"a mesh_mapper, or MeshDevice.replicate / shard / empty); got {tensor!r}"
                )
        results = []
        collected: list[tuple[Any, ...]] = []
        for coordinate in self.local_coordinates():
            chip = self.device(coordinate)
            chip._collect = collected
            try:
                results.append((coordinate, run_one([t.shard(coordinate) for t in tensors], device=chip)))
            finally:
                chip._collect = None
        self.run_together(collected)
        return MeshDispatchResult(tuple(results))

    def run_together(self, parts: Sequence[tuple[Any, ...]]) -> None:
        """Runs one read program per chip this process holds (``(chip, native program, args,
        dataflow buffers, semaphores)``, row-major) in one run: a kernel may wait for another
        chip's through the fabric."""
        first = parts[0][0] if parts else self.devices[0]
        rows, cols = self.shape
        fabric = (rows, cols, self.topology.links, self.topology.dim_types[1] == "ring",
                  self.topology.dim_types[0] == "ring", FABRIC_SLOTS)
        outcome, chip = _emu.run_mesh(
            [(device._native, program, args, device.device_id) for device, program, args, *_ in parts],
            fabric, first.watchdog, first.threads, first._tracer is not None, self._transport(),
        )
        self._conclude_run(first, (*outcome, chip), parts[0][3] if parts else None,
                           parts[0][4] if parts else None)

    def _transport(self) -> Any:
        """What reaches the chips other processes hold (``ttlang.emu.mesh_mpi``): none here."""
        return None

    def _conclude_run(self, first: MeshMember, outcome: tuple, dataflow_buffers: Any, semaphores: Any) -> None:
        """Records and raises what a mesh run returned (chip i is device i)."""
        first._conclude(outcome, dataflow_buffers, device_ids=range(self.shape[0] * self.shape[1]),
                        semaphores=semaphores)

    def trace(self, path: str | os.PathLike[str] | None = None) -> Trace:
        """Records every run of the mesh's chips (this process's) until the returned
        :class:`~ttlang.emu.trace.Trace` is closed, each chip's kernels under their own device
        (docs/emulator.md, "Tracing a run")."""
        trace = Trace(path)
        for device in self.devices:
            trace.attach(device)
        return trace

    def fabric_connection_word(self, destination: Coordinate, link: int = 0) -> int:
        """The runtime word of a sender connection to the chip at ``destination`` over ``link``
        (what tt-metal's ``append_fabric_connection_rt_args`` appends on hardware): a kernel
        reads it with ``WorkerToFabricEdmSender::build_from_args``; the link is checked against
        the mesh's when the kernel builds the connection."""
        r, c = destination
        if not (0 <= r < self.shape[0] and 0 <= c < self.shape[1]):
            raise ValueError(f"no device at {destination} in a {self.shape[0]}x{self.shape[1]} mesh")
        return fabric_connection_word(r * self.shape[1] + c, link)

    def close(self) -> None:
        for device in self.devices:
            device.close()

    def __enter__(self) -> MeshDevice:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"ttlang.emu.MeshDevice({self.shape[0]}x{self.shape[1]}, {self._arch!r}, emulated)"


def open_mesh_device(
    shape: Sequence[int],
    arch: str = DEFAULT_ARCHITECTURE,
    *,
    topology: MeshTopology | None = None,
    fabric: str | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
    schedule: str = "forward",
    watchdog: float | None = DEFAULT_WATCHDOG,
    threads: int | None = None,
) -> MeshDevice:
    """Opens a ``(rows, cols)`` mesh of emulated ``arch`` chips. ``fabric`` is a
    ``ttnn.FabricConfig`` name (``"FABRIC_1D"``, ``"FABRIC_1D_RING"``, ``"FABRIC_2D"``,
    ``"FABRIC_2D_TORUS_XY"``...): rings where it wraps; ``topology`` gives the links outright."""
    rows, cols = (int(d) for d in shape)
    return MeshDevice((rows, cols), arch, topology=mesh_topology((rows, cols), arch, topology, fabric),
                      cache_dir=cache_dir, schedule=schedule, watchdog=watchdog, threads=threads)


def mesh_topology(shape: tuple[int, int], arch: str, topology: MeshTopology | None,
                  fabric: str | None) -> MeshTopology:
    """The topology ``open_mesh_device`` gives a mesh: ``topology``, else the shipped
    descriptor's links for the shape and arch, with rings where ``fabric`` wraps."""
    if topology is None:
        topology = topology_for(shape, arch)
    return topology if fabric is None else topology.with_fabric(fabric)
