"""Errors of the emulated device.

Each kind of failure has its own type, so callers and tests match on the type, never on the
message. None of them is a hardware result: they say what the emulated device found.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


class EmulatorError(Exception):
    """A program could not run to completion on the emulated device."""


class NotEmulatedError(EmulatorError):
    """The program uses something the emulated device does not model (e.g. bfp8_b tiles,
    sharded tensors); docs/emulator.md lists what is emulated."""


class KernelBuildError(EmulatorError):
    """A kernel's C++ does not compile against the emulated TT-Metal kernel API.

    ``undeclared`` names the calls the emulated API does not provide; ``diagnostics`` holds the
    host compiler's output."""

    def __init__(self, message: str, kernel: str, undeclared: tuple[str, ...], diagnostics: str):
        self.kernel = kernel
        self.undeclared = undeclared
        self.diagnostics = diagnostics
        super().__init__(message)


class KernelCacheError(EmulatorError):
    """The kernel build cache's directory cannot be created or written (``directory``)."""

    def __init__(self, message: str, directory: os.PathLike[str]):
        self.directory = directory
        super().__init__(message)


class KernelHang(EmulatorError):
    """A kernel made no progress (no call into the emulated kernel API, no switch) for the
    device's watchdog time of CPU (``open_device(watchdog=...)``): it spins. ``kernel`` and
    ``core`` say where; the message names the function it spins in, and ``source`` (also in the
    message) the source line, when the kernel's line tables give it."""

    def __init__(self, message: str, kernel: str, core: tuple[int, int], source: str | None = None,
                 device: int | None = None):
        self.kernel = kernel
        self.core = core
        self.source = source
        self.device = device  # the chip of a mesh run (ttlang.emu.MeshDevice); None alone
        super().__init__(message if source is None else f"{message}, at {source}")


class DeviceMemoryError(EmulatorError):
    """A tensor does not fit the emulated device's free DRAM or L1."""


class ProgramError(EmulatorError):
    """The program's descriptors do not fit the emulated device (placement, sizes, ids)."""


class KernelFault(EmulatorError):
    """A kernel did something invalid while running (an access outside memory, a misaligned NoC
    transfer, a tile outside the waited pages, a format the unpacker was not configured for...).
    ``kernel`` and ``core`` say where; ``source`` (also in the message), for a fault at an
    instruction of the kernel (a signal), the source line from the kernel's line tables."""

    def __init__(self, message: str, kernel: str, core: tuple[int, int], source: str | None = None,
                 device: int | None = None):
        self.kernel = kernel
        self.core = core
        self.source = source
        self.device = device  # the chip of a mesh run (ttlang.emu.MeshDevice); None alone
        super().__init__(message if source is None else f"{message}, at {source}")


@dataclass(frozen=True)
class BlockedKernel:
    """One kernel of a deadlocked program and what it waits for. ``dataflow_buffer`` and
    ``location`` name the DFB and its Python line when the compiled artifact is known.
    ``recent_events``: its last events before it blocked (at most 8, oldest first), each with
    its number among the kernel's events (``"#12 cb_push_back(cb 0, 1 page)"``)."""

    kernel: str
    core: tuple[int, int]
    waits_for: str
    circular_buffer: int | None
    dataflow_buffer: str | None = None
    location: str | None = None
    recent_events: tuple[str, ...] = ()
    device: int | None = None  # the chip of a mesh run (ttlang.emu.MeshDevice); None alone

    def describe(self) -> str:
        where = f"core {self.core}" if self.device is None else f"device {self.device} core {self.core}"
        text = f"  {where}: kernel '{self.kernel}' waits in {self.waits_for}"
        if self.dataflow_buffer is not None:
            text += f" (DFB '{self.dataflow_buffer}'"
            text += f", made at {self.location})" if self.location else ")"
        if not self.recent_events:
            return text + "\n    no event before it"
        return "\n".join([text, "    its last events:", *(f"      {e}" for e in self.recent_events)])


class DeadlockError(EmulatorError):
    """Every kernel still running is blocked: nothing can make progress. ``blocked`` lists each
    kernel, its core and what it waits for."""

    def __init__(self, blocked: tuple[BlockedKernel, ...]):
        self.blocked = blocked
        lines = ["deadlock on the emulated device: every kernel still running is blocked"]
        lines += [b.describe() for b in blocked]
        super().__init__("\n".join(lines))
