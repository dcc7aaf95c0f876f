"""ttlang's emulated device: runs TT-Lang operations and ttnn program descriptors on the host.

The generated TT-Metal C++ kernels are compiled by the host C++ compiler, unchanged, against a
host implementation of the kernel API and run on an emulated device (DRAM banks, per-core L1,
circular buffers, semaphores, destination registers). Everything it computes is an emulated
result, not a hardware one; docs/emulator.md states the numeric model and what is emulated::

    import ttlang.emu as emu
    device = emu.open_device()
    a = device.tensor(numpy_array)           # bfloat16 or float32, tile layout, DRAM
    out = device.empty(a.shape)
    my_operation(a, b, out)                  # the same call as on hardware
    result = out.to_numpy()
"""

from __future__ import annotations

from ttlang.emu.device import DRAM, L1, Device, MemoryConfig, RunStats, Tensor, default_threads, open_device
from ttlang.emu.trace import Trace
from ttlang.emu.mesh import MeshDevice, MeshDispatchResult, MeshMember, MeshTensor, open_mesh_device
from ttlang.emu.mesh_topology import MeshTopology
from ttlang.emu.errors import (
    BlockedKernel,
    DeadlockError,
    EmulatorError,
    KernelBuildError,
    KernelCacheError,
    KernelFault,
    KernelHang,
    DeviceMemoryError,
    NotEmulatedError,
    ProgramError,
)

__all__ = [
    "DRAM",
    "L1",
    "BlockedKernel",
    "DeadlockError",
    "Device",
    "EmulatorError",
    "KernelBuildError",
    "KernelCacheError",
    "KernelFault",
    "KernelHang",
    "DeviceMemoryError",
    "MemoryConfig",
    "MeshDevice",
    "MeshDispatchResult",
    "MeshMember",
    "MeshTensor",
    "MeshTopology",
    "NotEmulatedError",
    "ProgramError",
    "RunStats",
    "Tensor",
    "Trace",
    "default_threads",
    "open_device",
    "open_mesh_device",
]
