"""Meshes inside ``ttlang-sim``: ttnn's multi-device surface over ``ttlang.emu``'s meshes.

``ttlang-sim --num-devices N`` (or ``--mesh-shape R,C``) makes ``ttnn.GetNumAvailableDevices()``
report N chips; ``ttnn.open_mesh_device(ttnn.MeshShape(r, c))`` opens an emulated mesh of them
(``ttlang.emu.MeshDevice``, with the fabric ``ttnn.set_fabric_config`` chose), tensors go onto
it through ttnn's mappers (``ReplicateTensorToMesh``, ``ShardTensorToMesh``,
``ShardTensor2dMesh``) and come back through its composers (``ConcatMeshToTensor``,
``ConcatMesh2dToTensor``). An operation called with mesh tensors runs on every chip. ttnn's
collectives (``all_gather``, ``all_reduce``, ``reduce_scatter``) on mesh tensors are computed on
the host by ttnn's own golden functions, per group of chips along ``cluster_axis``; ttnn's other
library operations run per chip (``ttlang.sim.ttnn_ops``).
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ttlang.emu import NotEmulatedError
from ttlang.emu.mesh import (
    AxisPlacements,
    Coordinate,
    MeshDevice as EmuMeshDevice,
    MeshMember,
    MeshTensor as EmuMeshTensor,
    concat_2d,
    concat_flat,
    shard_2d,
    shard_flat,
)
from ttlang.emu.mesh_topology import topology_for
from ttlang.runtime import _ttnn
from ttlang.sim.device import CoreGrid, settings
from ttlang.sim.errors import RuntimeResourcesRejected, SimulatorError
from ttlang.sim.tensors import DeviceTensor, Tensor, export, import_array, place, torch_module
from ttlang.sim.ttnn_types import Layout


class FabricConfig(enum.Enum):
    """``ttnn.FabricConfig``: how the fabric routes (``ttlang.emu.mesh_topology.FABRIC_WRAPS``)."""

    DISABLED = 0
    FABRIC_1D = 1
    FABRIC_1D_RING = 2
    FABRIC_1D_NEIGHBOR_EXCHANGE = 3
    FABRIC_2D = 4
    FABRIC_2D_TORUS_XY = 5
    FABRIC_2D_TORUS_X = 6
    FABRIC_2D_TORUS_Y = 7
    CUSTOM = 8


def set_fabric_config(config: Any, *args: Any, **kwargs: Any) -> None:
    """``ttnn.set_fabric_config``: the fabric of meshes opened after it (the reliability,
    plane, tensix and router options are accepted and change nothing)."""
    name = getattr(config, "name", str(config).rsplit(".", 1)[-1])
    if name == "CUSTOM":
        raise NotEmulatedError("FabricConfig.CUSTOM is not emulated (the named configurations are)")
    if name not in FabricConfig.__members__:
        raise TypeError(f"ttnn.set_fabric_config takes a ttnn.FabricConfig, got {config!r}")
    settings.fabric = name


class MeshShape:
    """``ttnn.MeshShape(rows, cols)`` (or ``MeshShape([rows, cols])``)."""

    def __init__(self, *dims: Any) -> None:
        if len(dims) == 1 and not isinstance(dims[0], int):
            dims = tuple(dims[0])
        if len(dims) == 1:
            dims = (1, dims[0])
        if len(dims) != 2 or any(int(d) < 1 for d in dims):
            raise NotEmulatedError(f"MeshShape{tuple(dims)}: 2-D meshes of at least one chip are emulated")
        self._dims = (int(dims[0]), int(dims[1]))

    def dims(self) -> int:
        return 2

    def mesh_size(self) -> int:
        return self._dims[0] * self._dims[1]

    def __getitem__(self, index: int) -> int:
        return self._dims[index]

    def __iter__(self) -> Iterator[int]:
        return iter(self._dims)

    def __len__(self) -> int:
        return 2

    def __eq__(self, other: object) -> bool:
        return tuple(self) == tuple(other) if isinstance(other, (MeshShape, tuple, list)) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._dims)

    def __repr__(self) -> str:
        return f"MeshShape([{self._dims[0]}, {self._dims[1]}])"


class SimMeshMember(MeshMember):
    """A chip of a ttlang-sim mesh: rejects runtime resource factories, as the simulator's
    device does."""

    runtime_resources_rejection = RuntimeResourcesRejected
    default_grid: tuple[int, int] | None = None

    def compute_with_storage_grid_size(self) -> CoreGrid:  # type: ignore[override]
        return CoreGrid(*self.grid)

    def enable_program_cache(self) -> None:
        """Programs are always cached (per operation)."""


class MeshDevice(EmuMeshDevice):
    """``ttnn.open_mesh_device``'s mesh inside ttlang-sim."""

    runtime_resources_rejection = RuntimeResourcesRejected

    def compute_with_storage_grid_size(self) -> CoreGrid:  # type: ignore[override]
        return CoreGrid(*self.grid)

    def enable_program_cache(self) -> None:
        """Programs are always cached (per operation)."""

    def id(self) -> int:
        return 0

    def get_device_ids(self) -> list[int]:
        return [d.device_id for d in self.devices]

    def get_devices(self) -> list[SimMeshMember]:
        return list(self.devices)  # type: ignore[arg-type]

    @property
    def mesh_shape(self) -> MeshShape:
        return MeshShape(*self.shape)

    def place_tensor(self, values: np.ndarray, dtype: Any, layout: Any, memory_config: Any,
                     mapper: Any = None) -> MeshTensor:
        """``values`` on the mesh as ``mapper`` places them (None: replicated, ttnn's default)."""
        mapper = mapper or ReplicateTensorToMesh(self)
        pieces = mapper.split(values, self.shape)
        return MeshTensor(self, {c: place(v, dtype, layout, self.device(c), memory_config)  # type: ignore[misc]
                                 for c, v in pieces.items()})

    def __repr__(self) -> str:
        return f"ttnn.MeshDevice({self.shape[0]}x{self.shape[1]}, {self.arch()!r}, emulated)"


class MeshTensor(Tensor, EmuMeshTensor):
    """A ttnn multi-device tensor of ttlang-sim: one device tensor per chip."""

    __slots__ = ()

    def to_numpy(self) -> np.ndarray:
        if len(self._shards) == 1:
            return self._shards[(0, 0)].to_numpy()
        raise SimulatorError(
            f"this tensor lives on {len(self._shards)} devices of a mesh: read it with a mesh "
            "composer (ttnn.to_torch(tensor, mesh_composer=ttnn.ConcatMeshToTensor(mesh_device, dim=0)))"
        )

    def cpu(self, blocking: bool = True) -> Tensor:
        raise NotEmulatedError("host copies of multi-device tensors are not emulated: use ttnn.to_torch "
                               "with a mesh_composer")

    def is_allocated(self) -> bool:
        return all(not t._freed for t in self._shards.values())


# Mappers and composers ---------------------------------------------------------------------


@dataclass(frozen=True)
class TensorToMesh:
    """A mesh mapper: ``flat_dim`` shards over every chip row-major (``ShardTensorToMesh``);
    otherwise ``dims`` per mesh axis (``ShardTensor2dMesh``, ``ReplicateTensorToMesh``)."""

    flat_dim: int | None = None
    dims: AxisPlacements = (None, None)

    def split(self, values: np.ndarray, shape: tuple[int, int]) -> dict[Coordinate, np.ndarray]:
        if self.flat_dim is not None:
            return shard_flat(values, shape, self.flat_dim)
        return shard_2d(values, shape, self.dims)


@dataclass(frozen=True)
class MeshToTensor:
    """A mesh composer: ``flat_dim`` concatenates every chip row-major (``ConcatMeshToTensor``);
    otherwise along ``dims`` per mesh axis (``ConcatMesh2dToTensor``)."""

    flat_dim: int | None = None
    dims: tuple[int, int] = (0, 1)

    def compose(self, pieces: dict[Coordinate, np.ndarray], shape: tuple[int, int]) -> np.ndarray:
        if self.flat_dim is not None:
            return concat_flat(pieces, shape, self.flat_dim)
        return concat_2d(pieces, shape, self.dims)


def _check_shape(mesh_device: Any, mesh_shape: Any) -> None:
    if tuple(mesh_shape) != tuple(mesh_device.shape):
        raise ValueError(f"mesh_shape {tuple(mesh_shape)} is not the mesh's {tuple(mesh_device.shape)}")


def ReplicateTensorToMesh(mesh_device: Any) -> TensorToMesh:  # noqa: N802 - ttnn's name
    return TensorToMesh()


def ShardTensorToMesh(mesh_device: Any, dim: int) -> TensorToMesh:  # noqa: N802
    return TensorToMesh(flat_dim=int(dim))


def ShardTensor2dMesh(mesh_device: Any, mesh_shape: Any, dims: AxisPlacements) -> TensorToMesh:  # noqa: N802
    _check_shape(mesh_device, mesh_shape)
    return TensorToMesh(dims=tuple(dims))  # type: ignore[arg-type]


def ConcatMeshToTensor(mesh_device: Any, dim: int) -> MeshToTensor:  # noqa: N802
    return MeshToTensor(flat_dim=int(dim))


def ConcatMesh2dToTensor(mesh_device: Any, mesh_shape: Any, dims: tuple[int, int]) -> MeshToTensor:  # noqa: N802
    _check_shape(mesh_device, mesh_shape)
    return MeshToTensor(dims=tuple(dims))  # type: ignore[arg-type]


replicate_tensor_to_mesh_mapper = ReplicateTensorToMesh
shard_tensor_to_mesh_mapper = ShardTensorToMesh
concat_mesh_to_tensor_composer = ConcatMeshToTensor


def compose(tensor: MeshTensor, composer: MeshToTensor) -> np.ndarray:
    if not isinstance(composer, MeshToTensor):
        raise NotEmulatedError(f"mesh composer {composer!r}: ttlang-sim's composers are ConcatMeshToTensor "
                               "and ConcatMesh2dToTensor")
    return composer.compose(tensor.to_numpy_by_device(), tensor.device().shape)


# Devices -----------------------------------------------------------------------------------


def open_mesh_device(mesh_shape: Any = None, *args: Any, **kwargs: Any) -> MeshDevice:
    """``ttnn.open_mesh_device``: a mesh of the chips ``ttlang-sim --num-devices`` made
    available (default: all of them, ``--mesh-shape``'s shape or one row); the size, command
    queue and dispatch options are accepted and change nothing."""
    if kwargs.get("offset") is not None or kwargs.get("physical_device_ids"):
        raise NotEmulatedError("open_mesh_device(offset=, physical_device_ids=) is not emulated")
    shape = tuple(MeshShape(mesh_shape) if mesh_shape is not None else settings.mesh_shape or (1, settings.num_devices))
    if shape[0] * shape[1] > settings.num_devices:
        raise SimulatorError(
            f"a {shape[0]}x{shape[1]} mesh needs {shape[0] * shape[1]} devices; ttlang-sim emulates "
            f"{settings.num_devices} (run it with --num-devices {shape[0] * shape[1]})"
        )
    fabric = settings.fabric if settings.fabric not in (None, "DISABLED") else None
    topology = topology_for(shape, settings.arch)  # type: ignore[arg-type]
    if fabric is not None:
        topology = topology.with_fabric(fabric)
    mesh = MeshDevice(shape, settings.arch, topology=topology, cache_dir=settings.cache_dir,
                      member=SimMeshMember)
    for device in mesh.devices:
        device.default_grid = settings.default_grid  # type: ignore[attr-defined]
        if settings.trace is not None:
            settings.trace.attach(device)
    return mesh


def get_num_devices() -> int:
    return settings.num_devices


def get_device_ids() -> list[int]:
    """The emulated chips' ids, 0..N-1 (``--num-devices``)."""
    return list(range(settings.num_devices))


get_pcie_device_ids = get_device_ids
get_num_pcie_devices = get_num_devices


def GetPCIeDeviceID(device_id: int) -> int:  # noqa: N802 - ttnn's name
    return int(device_id)


def get_fabric_config() -> FabricConfig:
    return FabricConfig[settings.fabric or "DISABLED"]


@contextlib.contextmanager
def create_mesh_device(*args: Any, **kwargs: Any) -> Iterator[MeshDevice]:
    """``with ttnn.create_mesh_device(MeshShape(r, c)) as mesh:``."""
    mesh = open_mesh_device(*args, **kwargs)
    try:
        yield mesh
    finally:
        mesh.close()


# ttnn functions that reach the real cluster, fabric or profiler without a tensor or device of
# the simulator among their arguments (which the stand-in checks for): on a machine without
# Tenstorrent chips the real ones TT_FATAL (issue 35: set_fabric_config did), so each is refused
# by name with a NotEmulatedError.
CLUSTER_FUNCTIONS = frozenset({
    "CloseDevices", "CreateDevices", "GetDefaultDevice", "SetDefaultDevice", "ReadDeviceProfiler",
    "apply_device_delay", "compute_fabric_connection_rt_args", "dump_device_memory_state",
    "fabric_connection_rt_args", "fabric_connection_rt_args_size", "get_all_fabric_mesh_ids",
    "get_all_mgd_fabric_types", "get_fabric_kernel_defines", "get_physical_mesh_shapes",
    "get_tt_fabric_max_payload_size_bytes", "get_tt_fabric_packet_header_size_bytes",
    "setup_fabric_connection", "visualize_system_mesh",
})


def refuse_cluster_function(name: str) -> Callable[..., Any]:
    def refused(*args: Any, **kwargs: Any) -> Any:
        raise NotEmulatedError(
            f"ttnn.{name} is not emulated: it queries or configures the real Tenstorrent cluster, "
            "which ttlang-sim replaces with emulated devices and meshes (docs/emulator.md, "
            "\"Meshes in ttlang-sim\")"
        )

    refused.__name__ = name
    return refused


# Operations on mesh tensors ------------------------------------------------------------------


def per_device(function: Callable[..., Any], args: Sequence[Any], kwargs: dict[str, Any]) -> Any:
    """``function`` once per chip with each mesh tensor argument replaced by that chip's tensor;
    tensor results become mesh tensors."""
    mesh = next(a for a in (*args, *kwargs.values()) if isinstance(a, MeshTensor)).device()
    results = {}
    for coordinate in mesh.coordinates():
        def local(value: Any) -> Any:
            if isinstance(value, MeshTensor):
                return value.shard(coordinate)
            if isinstance(value, (list, tuple)):
                return type(value)(local(v) for v in value)
            return value
        results[coordinate] = function(*(local(a) for a in args), **{k: local(v) for k, v in kwargs.items()})
    first = results[(0, 0)]
    if isinstance(first, DeviceTensor):
        return MeshTensor(mesh, results)
    return first


def _golden(name: str) -> Callable[..., Any]:
    real = _ttnn.ttnn()
    golden = real.get_golden_function(getattr(real, name))
    if torch_module() is None:
        raise NotEmulatedError(f"ttnn.{name} runs on the host through ttnn's golden function, which needs "
                               "torch: pip install 'ttlang[torch]'")
    return golden


def _groups(shape: tuple[int, int], cluster_axis: int | None) -> list[list[Coordinate]]:
    """The chips that take part in one collective together: all of them (row-major), or those
    along ``cluster_axis`` (0: a column's chips, 1: a row's), as ttnn groups them."""
    rows, cols = shape
    if cluster_axis is None:
        return [[(r, c) for r in range(rows) for c in range(cols)]]
    if cluster_axis == 0:
        return [[(r, c) for r in range(rows)] for c in range(cols)]
    if cluster_axis == 1:
        return [[(r, c) for c in range(cols)] for r in range(rows)]
    raise ValueError(f"cluster_axis must be 0, 1 or None for a 2-D mesh, got {cluster_axis}")


def _collective(name: str, tensor: Any, per_group: Callable[[Callable[..., Any], list[Any]], list[Any]],
                cluster_axis: int | None, memory_config: Any) -> MeshTensor:
    if not isinstance(tensor, MeshTensor):
        raise NotEmulatedError(f"ttnn.{name} is emulated on mesh tensors (from_torch with a mesh_mapper)")
    golden = _golden(name)
    mesh = tensor.device()
    values = tensor.to_numpy_by_device()
    outputs: dict[Coordinate, np.ndarray] = {}
    for group in _groups(mesh.shape, cluster_axis):
        inputs = [export(values[c]) for c in group]
        converted: dict[int, np.ndarray] = {}  # a result every chip of the group gets: once
        for coordinate, result in zip(group, per_group(golden, inputs)):
            if id(result) not in converted:
                converted[id(result)] = import_array(result)
            outputs[coordinate] = converted[id(result)]
    like = tensor.shard((0, 0))
    config = memory_config if memory_config is not None else like.memory_config()
    return MeshTensor(mesh, {c: place(v, like.dtype, Layout.TILE, mesh.device(c), config)  # type: ignore[arg-type]
                             for c, v in outputs.items()})


def _golden_mesh(count: int) -> dict[str, Any]:
    """The golden's mesh arguments for one group of ``count`` chips, replicated: it then
    returns the result every chip of the group holds."""
    return {"_ttnn_golden_mesh_shape": (count,), "_ttnn_golden_mesh_shard_dims": (None,)}


def all_gather(input_tensor: Any, dim: int, *, cluster_axis: int | None = None, memory_config: Any = None,
               output_tensor: Any = None, **_: Any) -> MeshTensor:
    """``ttnn.all_gather``: every chip of a group gets the group's tensors concatenated along
    ``dim`` (ttnn's golden function)."""
    def gather(golden: Callable[..., Any], inputs: list[Any]) -> list[Any]:
        result = golden(inputs, dim, **_golden_mesh(len(inputs)))
        return [result] * len(inputs)
    return _deliver(_collective("all_gather", input_tensor, gather, cluster_axis, memory_config), output_tensor)


def all_reduce(input_tensor: Any, *, cluster_axis: int | None = None, memory_config: Any = None,
               **_: Any) -> MeshTensor:
    """``ttnn.all_reduce``: every chip of a group gets the sum of the group's tensors."""
    def reduce(golden: Callable[..., Any], inputs: list[Any]) -> list[Any]:
        result = golden(inputs, **_golden_mesh(len(inputs)))
        return [result] * len(inputs)
    return _collective("all_reduce", input_tensor, reduce, cluster_axis, memory_config)


def reduce_scatter(input_tensor: Any, dim: int, *, cluster_axis: int | None = None, memory_config: Any = None,
                   output_tensor: Any = None, **_: Any) -> MeshTensor:
    """``ttnn.reduce_scatter``: the group's sum, cut along ``dim``, chip i of the group gets
    piece i."""
    def scatter(golden: Callable[..., Any], inputs: list[Any]) -> list[Any]:
        whole = golden(inputs, dim, **_golden_mesh(len(inputs)))  # the pieces, concatenated
        torch = torch_module()
        return list(torch.chunk(whole, len(inputs), dim=dim))  # type: ignore[union-attr]
    return _deliver(_collective("reduce_scatter", input_tensor, scatter, cluster_axis, memory_config), output_tensor)


def _deliver(result: MeshTensor, output_tensor: Any) -> MeshTensor:
    if output_tensor is None:
        return result
    if not isinstance(output_tensor, MeshTensor) or output_tensor.shape != result.shape:
        raise ValueError("output_tensor= must be a mesh tensor of the result's shape")
    output_tensor.write(result.to_numpy_by_device())
    return output_tensor


def get_device_tensors(tensor: Any) -> list[Any]:
    if isinstance(tensor, MeshTensor):
        return tensor.device_tensors()
    return [tensor]


__all__ = [
    "CLUSTER_FUNCTIONS", "ConcatMesh2dToTensor", "ConcatMeshToTensor", "FabricConfig", "GetPCIeDeviceID",
    "MeshDevice", "MeshShape", "MeshTensor", "create_mesh_device", "get_device_ids", "get_fabric_config",
    "get_num_pcie_devices", "get_pcie_device_ids", "refuse_cluster_function",
    "ReplicateTensorToMesh", "ShardTensor2dMesh", "ShardTensorToMesh", "all_gather", "all_reduce",
    "compose", "concat_mesh_to_tensor_composer", "get_device_tensors", "get_num_devices", "open_mesh_device",
    "per_device", "reduce_scatter", "replicate_tensor_to_mesh_mapper", "set_fabric_config",
    "shard_tensor_to_mesh_mapper",
]
