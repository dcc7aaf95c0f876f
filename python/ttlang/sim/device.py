"""The simulator's device: one emulated device that ``ttnn.open_device`` returns.

It is a ``ttlang.emu.Device`` (operations called with its tensors run on it) that rejects
operations with runtime resource factories, as the spec's simulator does
(``runtime_resources_rejection``, read by ``OperationRuntime.run``). ``ttlang-sim`` sets the
architecture and the kernel build cache with :func:`configure`.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

import ttlang.emu as emu
from ttlang.emu import NotEmulatedError
from ttlang.emu.device import DEFAULT_ARCHITECTURE
from ttlang.sim.errors import RuntimeResourcesRejected


class CoreGrid(NamedTuple):
    """``device.compute_with_storage_grid_size()``: ``.x`` columns, ``.y`` rows."""

    x: int
    y: int


@dataclass
class Settings:
    arch: str = DEFAULT_ARCHITECTURE
    cache_dir: str | os.PathLike[str] | None = None  # None: the emulator's default cache
    trace: emu.Trace | None = None  # `ttlang-sim --trace`: records every device opened
    # `ttlang-sim --grid ROWS,COLS`, as (cols, rows): the grid of grid="auto" / "full" operations
    # (None: the architecture's whole worker grid).
    default_grid: tuple[int, int] | None = None
    # `ttlang-sim --num-devices N` / `--mesh-shape R,C`: the chips ttnn.GetNumAvailableDevices()
    # reports and the shape ttnn.open_mesh_device() opens without one (ttlang.sim.mesh).
    num_devices: int = 1
    mesh_shape: tuple[int, int] | None = None
    fabric: str | None = None  # ttnn.set_fabric_config's FabricConfig name


settings = Settings()
_open: dict[int, Device] = {}


def configure(
    arch: str = DEFAULT_ARCHITECTURE,
    cache_dir: str | os.PathLike[str] | None = None,
    trace: emu.Trace | None = None,
    default_grid: tuple[int, int] | None = None,
    num_devices: int = 1,
    mesh_shape: tuple[int, int] | None = None,
) -> None:
    """Sets what later ``ttnn.open_device`` calls open (the trace they record into, and the
    ``(cols, rows)`` grid their ``grid="auto"`` / ``"full"`` operations run on), and the chips
    ``ttnn.open_mesh_device`` may use (``ttlang.sim.mesh``); the fabric configuration goes back
    to none."""
    if arch not in emu.device.ARCHITECTURES:
        raise ValueError(f"arch must be one of {emu.device.ARCHITECTURES}, got {arch!r}")
    settings.arch = arch
    settings.cache_dir = cache_dir
    settings.trace = trace
    settings.default_grid = default_grid
    settings.num_devices = num_devices
    settings.mesh_shape = mesh_shape
    settings.fabric = None


class Device(emu.Device):
    """The emulated device of ``ttlang-sim`` (device id 0)."""

    # OperationRuntime.run raises this for operations declared with runtime_resource_factory=
    # (the spec: the simulator rejects them); the runtime never imports the simulator.
    runtime_resources_rejection = RuntimeResourcesRejected
    # The grid of grid="auto" / "full" operations called with its tensors (read by the
    # operation's dispatch); None: the architecture's whole worker grid.
    default_grid: tuple[int, int] | None = None

    def __init__(self, device_id: int, arch: str, cache_dir: str | os.PathLike[str] | None) -> None:
        super().__init__(arch, cache_dir=cache_dir)
        self.device_id = device_id

    def id(self) -> int:
        return self.device_id

    def compute_with_storage_grid_size(self) -> CoreGrid:  # type: ignore[override]
        return CoreGrid(*self.grid)

    def enable_program_cache(self) -> None:
        """Programs are always cached (per operation); nothing to enable."""

    def __repr__(self) -> str:
        return f"ttlang.sim.Device(id={self.device_id}, {self.arch()!r}, emulated)"


def open_device(
    device_id: int = 0,
    *,
    l1_small_size: int | None = None,
    trace_region_size: int | None = None,
    dispatch_core_config: object = None,
    worker_l1_size: int | None = None,
) -> Device:
    """``ttnn.open_device``: the emulated device (the same object while it is open). The sizes
    and the dispatch core configuration are accepted and have no effect."""
    if device_id != 0:
        raise NotEmulatedError(f"device {device_id}: ttlang-sim emulates one device (device_id=0)")
    device = _open.get(device_id)
    if device is None:
        device = _open[device_id] = Device(device_id, settings.arch, settings.cache_dir)
        device.default_grid = settings.default_grid
        if settings.trace is not None:
            settings.trace.attach(device)
    return device


def close_device(device: Device) -> None:
    """``ttnn.close_device`` (of a device or a mesh, ``ttlang.sim.mesh``)."""
    if hasattr(device, "run_mesh_workload"):
        device.close()
        return
    if _open.get(getattr(device, "device_id", -1)) is device:
        del _open[device.device_id]
        device.close()


def close_all() -> None:
    for device in list(_open.values()):
        close_device(device)


@contextlib.contextmanager
def manage_device(device_id: int = 0) -> Iterator[Device]:
    """``with ttnn.manage_device(device_id=0) as device:``."""
    device = open_device(device_id)
    try:
        yield device
    finally:
        close_device(device)


def synchronize_device(device: Device, cq_id: object = None, sub_device_ids: object = None) -> None:
    """Programs run to completion when called: nothing to wait for."""


def num_available_devices() -> int:
    """``ttlang-sim --num-devices`` (default 1)."""
    return settings.num_devices
