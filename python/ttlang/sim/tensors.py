"""Tensors of the simulator: device tensors on the emulated device and host tensors.

A :class:`DeviceTensor` is a ``ttlang.emu.Tensor`` (tile or row-major layout, interleaved or
sharded pages in the emulated DRAM or L1) that also reads like a ttnn device tensor where tt-lang drivers look (``shape``,
``dtype``, ``layout``, ``memory_config()``, ``to_torch()``, ``cpu()``). A :class:`HostTensor`
holds host data, as ``ttnn.from_torch`` without ``device=`` does; an operation called with host
tensors runs on the simulator's device (device 0, opened if needed) and writes its results back
into them, as tt-lang-sim runs operations on host tensors.

Host data comes in as torch tensors when torch is installed, otherwise as numpy / ml_dtypes
arrays (or anything ``numpy.asarray`` reads); it goes out as a torch tensor when torch can be
imported, otherwise as a numpy array (``ml_dtypes.bfloat16`` or ``float32``).
"""

from __future__ import annotations

import importlib.util
from types import ModuleType
from typing import Any

import ml_dtypes
import numpy as np

from ttlang.emu import NotEmulatedError
from ttlang.emu import Tensor as EmuTensor
from ttlang.sim.ttnn_types import (
    EMULATED_DTYPES,
    DataType,
    Layout,
    MemoryConfig,
    data_type,
    layout as as_layout,
    memory_config as as_memory_config,
)

_STORAGE = {DataType.BFLOAT16: np.dtype(ml_dtypes.bfloat16), DataType.FLOAT32: np.dtype(np.float32)}

_torch: ModuleType | None | bool = False  # False: not looked up yet


def torch_module() -> ModuleType | None:
    """torch if it is installed (imported on first use), else None."""
    global _torch
    if _torch is False:
        _torch = None
        if importlib.util.find_spec("torch") is not None:
            try:
                import torch  # noqa: PLC0415 - only when a driver converts data

                _torch = torch
            except ImportError:
                _torch = None
    return _torch  # type: ignore[return-value]



class Tensor:
    """What ``ttnn.Tensor`` names inside ``ttlang-sim``: the base of device and host tensors
    (for annotations and ``isinstance``). Create tensors with ``ttnn.from_torch``,
    ``ttnn.empty``, ``ttnn.zeros`` and the like."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Tensor:
        if cls is Tensor:
            raise NotEmulatedError(
                "ttnn.Tensor(...) is not emulated: create tensors with ttnn.from_torch, "
                "ttnn.empty, ttnn.zeros, ttnn.ones, ttnn.full or ttnn.rand"
            )
        return super().__new__(cls)

    def to_torch(self) -> Any:
        """The values as a torch tensor (a numpy array without torch), as ``ttnn.to_torch``."""
        return export(self.to_numpy())  # type: ignore[attr-defined]

    def get_dtype(self) -> DataType:
        return self.dtype  # type: ignore[attr-defined]

    def get_layout(self) -> Layout:
        return self.layout  # type: ignore[attr-defined]

    def volume(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))  # type: ignore[attr-defined]


class DeviceTensor(Tensor, EmuTensor):
    """A tensor on a simulator device (``ttlang.sim.device.Device``): tile layout, or
    row-major (ttnn's pages of rows, which ttlang operations copy into element-shaped blocks)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.layout = Layout.ROW_MAJOR if self.row_major else Layout.TILE

    def is_allocated(self) -> bool:
        return not self._freed

    def cpu(self, blocking: bool = True) -> HostTensor:
        """A host copy (``ttnn.from_device``)."""
        return HostTensor(self.to_numpy(), self.dtype, self.layout, True)

    def to(self, target: Any, memory_config: Any = None) -> Tensor:
        """``tensor.to(layout)``; a device tensor stays on its device."""
        if isinstance(target, (Layout, str)) or type(target).__name__ == "Layout":
            return to_layout(self, target)
        if target is self.device():
            return self
        raise NotEmulatedError("moving a tensor to another device is not emulated")

    def __repr__(self) -> str:
        return (f"ttnn.Tensor(shape={list(self.shape)}, dtype={self.dtype}, layout={self.layout}, "
                f"{self.memory_config()}, emulated device)")


class HostTensor(Tensor):
    """A host tensor: values (rounded to ``dtype``), a layout, no device."""

    __slots__ = ("_values", "dtype", "layout", "shape", "explicit_layout")

    def __init__(self, values: np.ndarray, dtype: DataType, layout: Layout,
                 explicit_layout: bool = False) -> None:
        self._values = values
        self.shape = tuple(values.shape)
        self.dtype = dtype
        self.layout = layout
        # Asked for by name (from_torch(layout=...), to_layout): an operation gets the tensor in
        # this layout. ttnn's default row-major layout is staged in tile layout instead, as
        # tt-lang-sim's tile copies read such tensors (see stage_for_operation).
        self.explicit_layout = explicit_layout

    def device(self) -> None:
        return None

    def buffer_address(self) -> int:
        raise NotEmulatedError(
            "a host tensor was passed to an operation: move it to the device first "
            "(ttnn.to_device(tensor, device) or ttnn.from_torch(..., device=device))"
        )

    def to_numpy(self) -> np.ndarray:
        return self._values.copy()

    numpy = to_numpy

    def stage_for_operation(self) -> StagedTensor:
        """A copy on the simulator's device for an operation called with host tensors:
        row-major when that layout was asked for by name (``from_torch(...,
        layout=ttnn.ROW_MAJOR_LAYOUT)``: the operation copies its rows into element-shaped
        blocks), else in tile layout (a tensor left in ttnn's default layout, which tt-lang-sim
        copies as tiles); ``write_back()`` stores the device values into this tensor."""
        from ttlang.sim.device import open_device  # noqa: PLC0415 - device imports tensors

        layout = self.layout if self.explicit_layout else Layout.TILE
        staged = place(self._values, self.dtype, layout, open_device(0), None)
        return StagedTensor(self, staged)  # type: ignore[arg-type]

    def _replace_values(self, values: np.ndarray) -> None:
        self._values = rounded(values, self.dtype)

    def cpu(self, blocking: bool = True) -> HostTensor:
        return self

    def to(self, target: Any, memory_config: Any = None) -> Tensor:
        """``tensor.to(device)`` or ``tensor.to(layout)``."""
        if isinstance(target, (Layout, str)) or type(target).__name__ == "Layout":
            return to_layout(self, target)
        return to_device(self, target, memory_config)

    def __repr__(self) -> str:
        return f"ttnn.Tensor(shape={list(self.shape)}, dtype={self.dtype}, layout={self.layout}, host)"


class StagedTensor:
    """A host tensor's device copy for one operation call."""

    __slots__ = ("host", "tensor")

    def __init__(self, host: HostTensor, tensor: DeviceTensor) -> None:
        self.host = host
        self.tensor = tensor

    def write_back(self) -> None:
        self.host._replace_values(self.tensor.to_numpy())

    def release(self) -> None:
        self.tensor.deallocate()


def import_array(data: Any) -> np.ndarray:
    """A numpy array of ``data`` (a torch tensor, a numpy / ml_dtypes array, or array-like)."""
    if isinstance(data, np.ndarray):
        return data
    if type(data).__module__.split(".", 1)[0] == "torch":
        values = data.detach().cpu()
        if "bfloat16" in str(values.dtype):  # numpy has no bfloat16: widen exactly, then narrow
            return values.float().numpy().astype(ml_dtypes.bfloat16)
        return values.numpy()
    if isinstance(data, Tensor):
        raise TypeError("ttnn.from_torch takes host data (torch or numpy), not a ttnn tensor")
    return np.asarray(data)


def export(values: np.ndarray, dtype: Any = None) -> Any:
    """``values`` as a torch tensor when torch is installed, else as a numpy array."""
    torch = torch_module()
    if torch is None:
        return values if dtype is None else values.astype(dtype)
    result = torch.from_numpy(np.ascontiguousarray(values.astype(np.float32)))
    if values.dtype == ml_dtypes.bfloat16:
        result = result.to(torch.bfloat16)  # exact: the values are bfloat16 already
    return result if dtype is None else result.to(dtype)


def inferred_dtype(values: np.ndarray) -> DataType:
    if values.dtype == ml_dtypes.bfloat16:
        return DataType.BFLOAT16
    if values.dtype == np.float32:
        return DataType.FLOAT32
    raise TypeError(
        f"cannot choose a ttnn data type for {values.dtype} data: pass dtype=ttnn.bfloat16 or "
        "dtype=ttnn.float32"
    )


def rounded(values: np.ndarray, dtype: DataType) -> np.ndarray:
    """``values`` rounded (to nearest even) to ``dtype``'s storage type."""
    if dtype not in EMULATED_DTYPES:
        raise NotEmulatedError(f"{dtype} tensors are not emulated (bfloat16 and float32 are)")
    return np.asarray(values, dtype=np.float32).astype(_STORAGE[dtype])


def place(values: np.ndarray, dtype: DataType, layout: Layout, device: Any,
          memory_config: Any, explicit_layout: bool = False) -> Tensor:
    """A tensor holding ``values``: on ``device`` (a simulator device), or on the host
    (``explicit_layout``: the layout was asked for by name, see HostTensor)."""
    dtype = data_type(dtype)
    layout = as_layout(layout)
    if device is None:
        return HostTensor(rounded(values, dtype), dtype, layout, explicit_layout)
    if hasattr(device, "place_tensor"):  # a mesh (ttlang.sim.mesh): the values on every chip
        return device.place_tensor(values, dtype, layout, memory_config)
    if not getattr(device, "is_emulated", False):
        raise TypeError(f"device= must be a device from ttnn.open_device, got {device!r}")
    config = as_memory_config(memory_config)
    if dtype not in EMULATED_DTYPES:
        raise NotEmulatedError(f"{dtype} tensors are not emulated (bfloat16 and float32 are)")
    emu_layout = "row_major" if layout is Layout.ROW_MAJOR else "tile"
    return DeviceTensor(device, values.shape, dtype, config, emu_layout).write(values)


def to_device(tensor: Tensor, device: Any, memory_config: Any = None) -> Tensor:
    """``ttnn.to_device``: a device copy of a host tensor (a device tensor stays where it is)."""
    if isinstance(tensor, DeviceTensor):
        if tensor.device() is device:
            return tensor
        raise NotEmulatedError("moving a tensor to another device is not emulated")
    if not isinstance(tensor, HostTensor):
        raise TypeError(f"ttnn.to_device takes a ttnn tensor, got {type(tensor).__name__}")
    return place(tensor.to_numpy(), tensor.dtype, tensor.layout, device, memory_config)


def from_device(tensor: Tensor, blocking: bool = True, **_: Any) -> HostTensor:
    """``ttnn.from_device``: a host copy."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"ttnn.from_device takes a ttnn tensor, got {type(tensor).__name__}")
    return tensor.cpu()  # type: ignore[attr-defined]


def to_layout(tensor: Tensor, layout: Any, dtype: Any = None, memory_config: Any = None,
              **_: Any) -> Tensor:
    """``ttnn.to_layout``: host tensors change layout freely; device tensors stay tiled."""
    target = as_layout(layout)
    new_dtype = tensor.dtype if dtype is None else data_type(dtype)  # type: ignore[attr-defined]
    if isinstance(tensor, HostTensor):
        return HostTensor(rounded(tensor.to_numpy(), new_dtype), new_dtype, target, True)
    if not isinstance(tensor, DeviceTensor):
        raise TypeError(f"ttnn.to_layout takes a ttnn tensor, got {type(tensor).__name__}")
    config = tensor.memory_config() if memory_config is None else memory_config
    if target is tensor.layout and new_dtype == tensor.dtype and config == tensor.memory_config():
        return tensor
    return place(tensor.to_numpy(), new_dtype, target, tensor.device(), config)


def to_memory_config(tensor: Tensor, memory_config: Any, dtype: Any = None, **_: Any) -> Tensor:
    """``ttnn.to_memory_config``: the device tensor copied into DRAM or L1."""
    if not isinstance(tensor, DeviceTensor):
        raise TypeError("ttnn.to_memory_config takes a device tensor")
    config = as_memory_config(memory_config)
    new_dtype = tensor.dtype if dtype is None else data_type(dtype)
    if config == tensor.memory_config() and new_dtype == tensor.dtype:
        return tensor
    return place(tensor.to_numpy(), new_dtype, tensor.layout, tensor.device(), config)


def memory_config_of(tensor: Tensor) -> MemoryConfig:
    """``ttnn.get_memory_config``."""
    return tensor.memory_config()  # type: ignore[attr-defined]
