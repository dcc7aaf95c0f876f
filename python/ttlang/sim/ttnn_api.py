"""The ``ttnn`` a script sees inside ``ttlang-sim``.

``ttlang-sim`` installs this module as ``sys.modules["ttnn"]`` (through
``ttlang.runtime._ttnn.shadow``) while the script runs. It defines what tt-lang drivers call to
open the device and move data (``open_device``, ``from_torch``, ``empty`` / ``zeros`` / ``ones``
/ ``full`` / ``rand`` and their ``*_like`` forms, ``to_torch``, ``to_device``, ``from_device``,
``to_layout``, ``to_memory_config``, ``deallocate``, ``close_device``), the data types, layouts
and memory configurations, on the emulated device. Every other attribute is taken, on first use,
from the real ttnn package (``CoreCoord``, ``CoreRangeSet``, descriptors...): importing it costs
~0.8 s, so nothing here does at start-up. ttnn's own operations (``ttnn.add``, ``ttnn.matmul``...)
called with tensors of the simulator run on the host through ttnn's golden functions
(``ttlang.sim.ttnn_ops``); other ttnn functions given such tensors raise
``ttlang.emu.NotEmulatedError``.

The runtime never sees this module: ``ttlang.runtime._ttnn.ttnn()`` returns the real package.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from types import ModuleType
from typing import Any

import numpy as np

from ttlang.emu import NotEmulatedError
from ttlang.emu.tiles import TILE
from ttlang.runtime import _ttnn
from ttlang.sim.device import (
    Device,
    close_device,
    manage_device,
    num_available_devices,
    open_device,
    synchronize_device,
)
from ttlang.sim.mesh import (
    CLUSTER_FUNCTIONS,
    ConcatMesh2dToTensor,
    GetPCIeDeviceID,
    create_mesh_device,
    get_device_ids,
    get_fabric_config,
    get_num_pcie_devices,
    get_pcie_device_ids,
    refuse_cluster_function,
    ConcatMeshToTensor,
    FabricConfig,
    MeshDevice,
    MeshShape,
    MeshTensor,
    ReplicateTensorToMesh,
    ShardTensor2dMesh,
    ShardTensorToMesh,
    all_gather,
    all_reduce,
    compose,
    concat_mesh_to_tensor_composer,
    get_device_tensors,
    get_num_devices,
    open_mesh_device,
    per_device,
    reduce_scatter,
    replicate_tensor_to_mesh_mapper,
    set_fabric_config,
    shard_tensor_to_mesh_mapper,
)
from ttlang.sim.tensors import (
    DeviceTensor,
    Tensor,
    export,
    from_device,
    import_array,
    inferred_dtype,
    memory_config_of,
    place,
    to_device,
    to_layout,
    to_memory_config,
)
from ttlang.sim.ttnn_ops import first_tensor, golden_operation
from ttlang.sim.ttnn_types import (
    DRAM_MEMORY_CONFIG,
    L1_MEMORY_CONFIG,
    BufferType,
    DataType,
    Layout,
    MemoryConfig,
    Shape,
    TensorMemoryLayout,
    data_type,
    shape_of,
)

# ttlang.runtime._ttnn recognizes the stand-in by this marker.
__ttlang_stand_in__ = True

TILE_SIZE = TILE  # ttnn.TILE_SIZE: ttl/TileGeometry.h through ttlang.emu
TILE_LAYOUT = Layout.TILE
ROW_MAJOR_LAYOUT = Layout.ROW_MAJOR
bfloat16 = DataType.BFLOAT16
float32 = DataType.FLOAT32
bfloat8_b = DataType.BFLOAT8_B
bfloat4_b = DataType.BFLOAT4_B
uint8 = DataType.UINT8
uint16 = DataType.UINT16
uint32 = DataType.UINT32
int32 = DataType.INT32

CreateDevice = open_device
CloseDevice = close_device
GetNumAvailableDevices = num_available_devices
GetNumPCIeDevices = num_available_devices
get_memory_config = memory_config_of
close_mesh_device = close_device


def from_torch(
    tensor: Any,
    dtype: Any = None,
    *,
    spec: Any = None,
    tile: Any = None,
    pad_value: float | None = None,
    layout: Any = None,
    device: Any = None,
    memory_config: Any = None,
    mesh_mapper: Any = None,
    cq_id: int | None = None,
    **_: Any,
) -> Tensor | None:
    """A ttnn tensor of ``tensor`` (a torch tensor; without torch, a numpy / ml_dtypes array or
    anything array-like). Layout defaults to row-major, as in ttnn; operations need
    ``layout=ttnn.TILE_LAYOUT``."""
    if tensor is None:
        return None
    if spec is not None or tile is not None:
        raise NotEmulatedError("from_torch(spec=, tile=) is not emulated")
    if pad_value not in (None, 0, 0.0):
        raise NotEmulatedError("tile padding with a pad_value other than 0 is not emulated")
    values = import_array(tensor)
    dtype = inferred_dtype(values) if dtype is None else data_type(dtype)
    if mesh_mapper is not None or isinstance(device, MeshDevice):
        if not isinstance(device, MeshDevice):
            raise NotEmulatedError("from_torch(mesh_mapper=) without a mesh device= (multi-device host "
                                   "tensors) is not emulated")
        return device.place_tensor(values, dtype, Layout.ROW_MAJOR if layout is None else layout,
                                   memory_config, mesh_mapper)
    return place(values, dtype, Layout.ROW_MAJOR if layout is None else layout, device, memory_config,
                 explicit_layout=layout is not None)


def to_torch(tensor: Tensor, dtype: Any = None, *, torch_rank: int | None = None,
             mesh_composer: Any = None, device: Any = None, cq_id: int | None = None) -> Any:
    """The tensor's values as a torch tensor; without torch installed, as a numpy array
    (``ml_dtypes.bfloat16`` or ``float32``). ``dtype`` converts them (a torch dtype, or a numpy
    dtype without torch)."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"ttnn.to_torch takes a ttnn tensor, got {type(tensor).__name__}")
    if mesh_composer is not None:
        if not isinstance(tensor, MeshTensor):
            raise TypeError("to_torch(mesh_composer=) takes a tensor on a mesh device")
        values = compose(tensor, mesh_composer)
    else:
        values = tensor.to_numpy()  # type: ignore[attr-defined]
    if torch_rank is not None:
        while values.ndim > torch_rank:
            if values.shape[0] != 1:
                raise ValueError(f"cannot squeeze a tensor of shape {values.shape} to rank {torch_rank}")
            values = values[0]
    return export(values, dtype)


def _filled(shape: Any, value: float, dtype: Any, layout: Any, device: Any, memory_config: Any) -> Tensor:
    dims = shape_of(shape)
    return place(np.full(dims, value, dtype=np.float32), data_type(dtype), layout, device, memory_config)


def empty(shape: Any, dtype: Any = DataType.BFLOAT16, layout: Any = Layout.ROW_MAJOR, device: Any = None,
          memory_config: Any = None) -> Tensor:
    """``ttnn.empty``: on the emulated device a new tensor reads as zeros."""
    return _filled(shape, 0.0, dtype, layout, device, memory_config)


def zeros(shape: Any, dtype: Any = None, layout: Any = None, device: Any = None,
          memory_config: Any = None) -> Tensor:
    return _filled(shape, 0.0, dtype or DataType.BFLOAT16, layout or Layout.ROW_MAJOR, device, memory_config)


def ones(shape: Any, dtype: Any = None, layout: Any = None, device: Any = None,
         memory_config: Any = None) -> Tensor:
    return _filled(shape, 1.0, dtype or DataType.BFLOAT16, layout or Layout.ROW_MAJOR, device, memory_config)


def full(shape: Any, fill_value: float, dtype: Any = None, layout: Any = None, device: Any = None,
         memory_config: Any = None) -> Tensor:
    return _filled(shape, float(fill_value), dtype or DataType.BFLOAT16, layout or Layout.ROW_MAJOR,
                   device, memory_config)


def rand(shape: Any, device: Any = None, *, dtype: Any = DataType.BFLOAT16, layout: Any = Layout.TILE,
         memory_config: Any = None, low: float = 0.0, high: float = 1.0, seed: int = 0,
         mesh_mapper: Any = None) -> Tensor:
    """Uniform values in ``[low, high)`` from numpy's generator seeded with ``seed`` (not the
    values ttnn's generator would give)."""
    values = np.random.default_rng(seed).uniform(low, high, shape_of(shape)).astype(np.float32)
    if isinstance(device, MeshDevice):
        return device.place_tensor(values, data_type(dtype), layout, memory_config, mesh_mapper)
    return place(values, data_type(dtype), layout, device, memory_config)


def _like(tensor: Tensor, value: float, dtype: Any, layout: Any, device: Any, memory_config: Any) -> Tensor:
    if not isinstance(tensor, Tensor):
        raise TypeError(f"expected a ttnn tensor, got {type(tensor).__name__}")
    if device is None:
        device = tensor.device()  # type: ignore[attr-defined]
    if memory_config is None and isinstance(tensor, DeviceTensor):
        memory_config = tensor.memory_config()
    return _filled(tensor.shape, value, dtype or tensor.dtype,  # type: ignore[attr-defined]
                   layout or tensor.layout, device, memory_config)  # type: ignore[attr-defined]


def empty_like(tensor: Tensor, *, dtype: Any = None, layout: Any = None, device: Any = None,
               memory_config: Any = None) -> Tensor:
    return _like(tensor, 0.0, dtype, layout, device, memory_config)


def zeros_like(tensor: Tensor, *, dtype: Any = None, layout: Any = None, device: Any = None,
               memory_config: Any = None) -> Tensor:
    return _like(tensor, 0.0, dtype, layout, device, memory_config)


def ones_like(tensor: Tensor, *, dtype: Any = None, layout: Any = None, device: Any = None,
              memory_config: Any = None) -> Tensor:
    return _like(tensor, 1.0, dtype, layout, device, memory_config)


def full_like(tensor: Tensor, fill_value: float, *, dtype: Any = None, layout: Any = None,
              device: Any = None, memory_config: Any = None) -> Tensor:
    return _like(tensor, float(fill_value), dtype, layout, device, memory_config)


def deallocate(tensor: Tensor, force: bool = True) -> None:
    if isinstance(tensor, (DeviceTensor, MeshTensor)):
        tensor.deallocate()


def is_tensor_storage_on_device(tensor: Tensor) -> bool:
    return isinstance(tensor, DeviceTensor)


def _guarded(name: str, value: Any) -> Any:
    """Functions of the real ttnn called with tensors of the simulator: ttnn's library
    operations run on the host through their golden functions (``ttlang.sim.ttnn_ops``);
    anything else refuses them with a NotEmulatedError (rather than a nanobind type error)."""
    if isinstance(value, (type, ModuleType)) or not callable(value):
        return value
    on_host = golden_operation(name, value) if _is_operation(value) else None

    @functools.wraps(value)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        like = first_tensor([*args, *kwargs.values()])
        if like is None and any(getattr(a, "is_emulated", False) for a in (*args, *kwargs.values())):
            # The real ttnn given an emulated device or mesh would fail in its C++ (or abort).
            raise NotEmulatedError(
                f"ttnn.{name} is not emulated for ttlang-sim's devices and meshes (the real ttnn "
                "cannot take them); docs/emulator.md lists what ttlang-sim's ttnn provides"
            )
        if like is None:
            return value(*args, **kwargs)
        if on_host is not None and isinstance(like, MeshTensor):
            return per_device(on_host, args, kwargs)  # a library operation on each chip
        if on_host is not None:
            return on_host(*args, **kwargs)
        raise NotEmulatedError(
            f"ttnn.{name} is not emulated for tensors of ttlang-sim (it is neither a ttnn "
            "operation with a golden function nor one of the tensor functions ttlang-sim "
            "defines); compute it with torch (ttnn.to_torch) or in a tt-lang operation"
        )

    return guarded


def _is_operation(value: Any) -> bool:
    """True for ttnn's registered operations (``ttnn.add``...), which golden functions attach
    to: instances of ttnn's operation wrapper, not plain functions."""
    return type(value).__name__ in ("FastOperation", "Operation")


def __getattr__(name: str) -> Any:
    """Everything not defined here comes from the real ttnn (imported on first use)."""
    if name.startswith("__") and name.endswith("__") and name != "__path__":
        raise AttributeError(name)
    if name in CLUSTER_FUNCTIONS:
        return refuse_cluster_function(name)
    real = _ttnn.ttnn()
    try:
        value = getattr(real, name)
    except AttributeError:
        raise AttributeError(f"module 'ttnn' has no attribute '{name}'") from None
    if name == "__path__":  # `import ttnn.<submodule>` finds the real package's submodules
        return value
    value = _guarded(name, value)
    globals()[name] = value
    return value


__all__ = [
    "ConcatMesh2dToTensor", "ConcatMeshToTensor", "FabricConfig", "MeshDevice", "MeshShape",
    "ReplicateTensorToMesh", "ShardTensor2dMesh", "ShardTensorToMesh", "all_gather", "all_reduce",
    "GetPCIeDeviceID", "close_mesh_device", "concat_mesh_to_tensor_composer", "create_mesh_device",
    "get_device_ids", "get_device_tensors", "get_fabric_config", "get_num_devices", "get_num_pcie_devices",
    "get_pcie_device_ids",
    "reduce_scatter", "replicate_tensor_to_mesh_mapper", "set_fabric_config",
    "shard_tensor_to_mesh_mapper",
    "BufferType", "CloseDevice", "CreateDevice", "DRAM_MEMORY_CONFIG", "DataType", "Device",
    "GetNumAvailableDevices", "GetNumPCIeDevices", "L1_MEMORY_CONFIG", "Layout", "MemoryConfig",
    "ROW_MAJOR_LAYOUT", "Shape", "TILE_LAYOUT", "TILE_SIZE", "Tensor", "TensorMemoryLayout",
    "bfloat16", "bfloat4_b", "bfloat8_b", "close_device", "deallocate", "empty", "empty_like",
    "float32", "from_device", "from_torch", "full", "full_like", "get_memory_config", "int32",
    "is_tensor_storage_on_device", "manage_device", "ones", "ones_like", "open_device",
    "open_mesh_device", "rand", "synchronize_device", "to_device", "to_layout",
    "to_memory_config", "to_torch", "uint16", "uint32", "uint8", "zeros", "zeros_like",
]
