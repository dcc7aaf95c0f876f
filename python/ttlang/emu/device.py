"""The emulated device from Python: open it, put tensors on it, run programs on it.

``Device.execute(tensors, program)`` runs a ``ttnn.ProgramDescriptor`` (exactly what the
runtime would hand to ``ttnn.generic_op``), so every path that builds descriptors, runtime
resource factories included, runs unchanged here. Results are emulated: nothing here ran on a
Tenstorrent device.
"""

from __future__ import annotations

import os
import sys
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ttlang.emu import _emu
from ttlang.emu.build import KernelCache
from ttlang.emu.errors import (
    BlockedKernel,
    DeadlockError,
    DeviceMemoryError,
    EmulatorError,
    KernelFault,
    KernelHang,
    NotEmulatedError,
    ProgramError,
)
from ttlang.emu.program import ProgramCache
from ttlang.emu.source_lines import source_line
from ttlang.emu.trace import Trace
from ttlang.emu.tiles import (
    DTYPES, from_rows, from_tiles, padded_shape, row_page_bytes, row_pages, tile_count, to_rows, to_tiles,
)
from ttlang.tensor_spec import ShardSpec, TensorSpec
from ttlang.emu.sharding import SHARDED, shard_page_map

ARCHITECTURES: tuple[str, ...] = _emu.ARCHITECTURES  # ttl/Targets.h
DEFAULT_ARCHITECTURE: str = _emu.DEFAULT_ARCHITECTURE
# Seconds of CPU time a kernel may run without calling the kernel API or switching before it
# counts as hung (docs/emulator.md, "Broken kernels"): far above any real kernel's stretch
# between calls, well under a user's patience.
DEFAULT_WATCHDOG = 10.0
# Kernel fiber orders: row-major cores, data movement 0, 1, compute; or the reverse. A result
# that differs between them comes from a race between kernels.
SCHEDULES = ("forward", "reverse")


def default_threads() -> int:
    """Host threads a device runs its cores on by default: the CPUs this process may use
    (docs/emulator.md, "Scheduling")."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@dataclass(frozen=True)
class MemoryConfig:
    """Where a tensor lives: ``buffer_type`` ``"dram"`` or ``"l1"``, interleaved pages; or
    ``"l1"`` with ``memory_layout`` ``"height_sharded"`` / ``"width_sharded"`` /
    ``"block_sharded"`` and a ``shard_spec`` (``ttlang.ShardSpec``), each shard in its core's
    L1 as ttnn places it (``ttlang.emu.sharding``)."""

    buffer_type: str = "dram"
    memory_layout: str = "interleaved"
    shard_spec: ShardSpec | None = None


DRAM = MemoryConfig("dram")
L1 = MemoryConfig("l1")


class Tensor:
    """A tile-layout tensor in the emulated device's DRAM or L1 (interleaved pages).

    Reads like a ttnn device tensor where the compiler and runtime look (``shape``, ``dtype``,
    ``layout``, ``memory_config()``, ``buffer_address()``, ``device()``)."""

    def __init__(self, device: Device, shape: tuple[int, ...], dtype: str, memory_config: MemoryConfig,
                 layout: str = "tile"):
        if dtype not in DTYPES:
            raise NotEmulatedError(
                f"{dtype} tensors are not emulated (bfloat16 and float32 are)"
            )
        self._device = device
        self.shape = tuple(int(d) for d in shape)
        self.dtype = dtype
        self._memory_config = memory_config
        self.padded_shape = padded_shape(self.shape)
        if layout not in ("tile", "row_major"):
            raise ValueError(f"layout must be 'tile' or 'row_major', got {layout!r}")
        # ttnn's row-major layout: one page per row of the last dimension (docs/emulator.md).
        self.row_major = layout == "row_major"
        self.layout = "Layout.ROW_MAJOR" if self.row_major else "Layout.TILE"
        if self.row_major:
            if memory_config.memory_layout != "interleaved":
                raise NotEmulatedError("sharded row-major tensors are not emulated (tile layout only)")
            self.padded_shape = self.shape
            self.page_size = row_page_bytes(self.shape, dtype)
            self.pages = row_pages(self.shape)
        else:
            self.page_size = DTYPES[dtype][1]
            self.pages = tile_count(self.shape)
        # A sharded tensor: the buffer page of each tile (ttlang.emu.sharding).
        self._shard_pages: np.ndarray | None = None
        if memory_config.memory_layout != "interleaved":
            if (memory_config.memory_layout not in SHARDED or memory_config.shard_spec is None
                    or memory_config.buffer_type != "l1"):
                raise NotEmulatedError(
                    f"{memory_config.memory_layout} tensors are emulated in L1 with a shard_spec "
                    "(interleaved, height_sharded, width_sharded, block_sharded)"
                )
            self._shard_pages, self.pages = shard_page_map(
                self.shape, memory_config.memory_layout, memory_config.shard_spec, device.grid
            )
        try:
            self._address = device._native.allocate(memory_config.buffer_type, self.page_size, self.pages)
        except RuntimeError as err:  # the native allocator's only failure: no room
            raise DeviceMemoryError(
                f"a {dtype} tensor of shape {self.shape} ({self.pages} pages of {self.page_size} B) "
                f"does not fit the emulated device: {err}"
            ) from None
        # Freed when deallocated or when the tensor is garbage collected, as a ttnn device
        # tensor's buffer is: a dropped tensor must not keep its DRAM / L1 (the fuzzer's long
        # runs filled L1 with them).
        self._release = weakref.finalize(
            self, device._native.deallocate, memory_config.buffer_type, self._address
        )
        self._release.atexit = False
        # What the compiler reads of this tensor, built once (it never changes).
        self.ttlang_tensor_spec = TensorSpec(
            self.shape, dtype, memory_config.buffer_type, memory_config.memory_layout,
            layout, shard=memory_config.shard_spec,
        )

    def device(self) -> Device:
        return self._device

    def memory_config(self) -> MemoryConfig:
        return self._memory_config

    def buffer_address(self) -> int:
        return self._address

    def write(self, array: Any) -> Tensor:
        """Stores ``array`` (numpy, ml_dtypes or torch; shape must match), rounded to dtype."""
        values = _as_numpy(array)
        if tuple(values.shape) != self.shape:
            raise ValueError(f"array of shape {tuple(values.shape)} written to a tensor of shape {self.shape}")
        data = to_rows(values, self.dtype) if self.row_major else to_tiles(values, self.dtype)
        if self._shard_pages is not None:
            placed = np.zeros((self.pages, self.page_size), dtype=np.uint8)
            placed[self._shard_pages] = data.reshape(-1, self.page_size)
            data = placed.reshape(-1)
        self._device._native.write(self._memory_config.buffer_type, self._address, data)
        return self

    def to_numpy(self) -> np.ndarray:
        """The tensor's values (``ml_dtypes.bfloat16`` or ``float32``), padding dropped."""
        data = np.empty(self.pages * self.page_size, dtype=np.uint8)
        self._device._native.read(self._memory_config.buffer_type, self._address, data)
        if self._shard_pages is not None:
            data = np.ascontiguousarray(data.reshape(self.pages, self.page_size)[self._shard_pages]).reshape(-1)
        if self.row_major:
            return from_rows(data, self.shape, self.dtype)
        return from_tiles(data, self.shape, self.dtype)

    numpy = to_numpy

    @property
    def _freed(self) -> bool:
        return not self._release.alive

    def deallocate(self) -> None:
        self._release()

    def __repr__(self) -> str:
        return (f"ttlang.emu.Tensor(shape={self.shape}, dtype={self.dtype}, "
                f"{self._memory_config.buffer_type}, address={self._address:#x})")


class Device:
    """One emulated device (``arch`` ``"wormhole_b0"``: 8x8 workers, 12 DRAM banks; or
    ``"blackhole"``: 13x10, 8 banks). Kernel host builds are cached in ``cache_dir``
    (default ``~/.cache/ttlang/emu``). ``schedule="reverse"`` runs the kernels in the opposite
    order, to expose results that depend on it (races). The cores' kernels run on ``threads``
    host threads (default: the CPUs this process may use); a race-free program gives the same
    bits on any number, and ``threads=1`` interleaves every run identically."""

    is_emulated = True

    def __init__(
        self,
        arch: str = DEFAULT_ARCHITECTURE,
        *,
        cache_dir: str | os.PathLike[str] | None = None,
        schedule: str = "forward",
        watchdog: float | None = DEFAULT_WATCHDOG,
        threads: int | None = None,
    ):
        if arch not in ARCHITECTURES:
            raise ValueError(f"arch must be one of {ARCHITECTURES}, got {arch!r}")
        if schedule not in SCHEDULES:
            raise ValueError(f"schedule must be one of {SCHEDULES}, got {schedule!r}")
        if watchdog is not None and not watchdog >= 0:
            raise ValueError(f"watchdog must be seconds >= 0 or None (off), got {watchdog!r}")
        if threads is None:
            threads = default_threads()
        if not isinstance(threads, int) or threads < 1:
            raise ValueError(f"threads must be an integer >= 1 or None (the host's CPUs), got {threads!r}")
        self.schedule = schedule
        self.watchdog = watchdog or 0.0
        self.threads = threads
        self._arch = arch
        self._native = _emu.Device(arch)
        grid_x, grid_y, dram_banks, *_ = _emu.architecture(arch)
        self.grid = (grid_x, grid_y)
        self._banks = (dram_banks, grid_x * grid_y)
        self.kernels = KernelCache(cache_dir)
        self._programs = ProgramCache(arch, self._banks, self.kernels, schedule == "reverse")
        self.last_run: RunStats | None = None
        self._tracer: Trace | None = None  # set by Trace.attach

    def arch(self) -> str:
        return self._arch

    def compute_with_storage_grid_size(self) -> tuple[int, int]:
        return self.grid

    def tensor(self, array: Any, dtype: str | None = None, memory_config: MemoryConfig = DRAM,
               layout: str = "tile") -> Tensor:
        """A device tensor holding ``array`` (dtype defaults to the array's: bfloat16 or float32;
        ``layout`` ``"tile"`` or ``"row_major"``)."""
        values = _as_numpy(array)
        if dtype is None:
            dtype = "float32" if values.dtype == np.float32 else "bfloat16"
        return Tensor(self, values.shape, dtype, memory_config, layout).write(values)

    def empty(self, shape: Sequence[int], dtype: str = "bfloat16", memory_config: MemoryConfig = DRAM,
              layout: str = "tile") -> Tensor:
        """An uninitialized device tensor (zeros on the emulated device)."""
        return Tensor(self, tuple(shape), dtype, memory_config, layout)

    def trace(self, path: str | os.PathLike[str] | None = None) -> Trace:
        """Records every run from now on until the returned :class:`Trace` is closed (``with
        device.trace("out.json") as trace:``), then writes it to ``path`` (Chrome's trace-event
        JSON, for Perfetto or chrome://tracing; none without a path). ``trace.counts`` holds
        each kernel's events by kind. Tracing costs nothing when off (docs/emulator.md,
        "Tracing a run")."""
        return Trace(path).attach(self)

    def execute(
        self,
        tensors: Sequence[Tensor],
        program: Any,
        *,
        dataflow_buffers: Mapping[int, tuple[str, str | None]] | None = None,
        kernel_names: Sequence[str] | None = None,
        semaphores: Mapping[tuple[int, int, int], str] | None = None,
    ) -> Tensor | None:
        """Runs ``program`` (a ``ttnn.ProgramDescriptor``) to completion, as
        ``ttnn.generic_op(tensors, program)`` would on hardware; returns the last tensor (the
        output, by generic_op's convention). ``dataflow_buffers`` maps circular-buffer indices
        to (DFB name, Python location) for deadlock reports, ``semaphores`` (semaphore id, core x,
        core y) to what a kernel waiting on that semaphore there waits for (a pipe's peers)."""
        for tensor in tensors:
            # Tensor, or a mesh's (ttlang.emu.mesh.MeshTensor: its device is the mesh).
            if (isinstance(tensor, Tensor) or hasattr(tensor, "device_tensors")) and tensor.device() is not self:
                raise EmulatorError("a tensor of another emulated device was passed")
        native_program, args = self._programs.read(program, kernel_names)
        tracer = self._tracer
        outcome = self._native.run(native_program, args, self.watchdog, self.threads, tracer is not None)
        self._conclude(outcome, dataflow_buffers, semaphores=semaphores)
        return tensors[-1] if tensors else None

    def _conclude(self, outcome: tuple, dataflow_buffers: Mapping[int, tuple[str, str | None]] | None,
                  device_ids: Sequence[int] | None = None,
                  semaphores: Mapping[tuple[int, int, int], str] | None = None) -> None:
        """Records, shows and raises what a native run returned (``device_ids``: a mesh run's
        chips' ids, by chip index; they name the devices in prints, traces and errors)."""
        kind, message, kernel, x, y, blocked, switches, prints, code_object, code_offset, traces = outcome[:11]
        ids = list(device_ids) if device_ids else [getattr(self, "device_id", 0)]
        lines = tuple(DevicePrintLine(k, (px, py), text, ids[chip]) for k, px, py, text, chip in prints)
        self.last_run = RunStats(switches, lines)
        tracer = self._tracer
        if tracer is not None:  # failed runs too: the trace shows what led to the failure
            tracer.add_run(f"device {ids[0]}" if len(ids) == 1 else f"devices {ids[0]}-{ids[-1]}",
                           traces, dataflow_buffers, kind, ids)
        self._show_prints(lines)
        device = ids[outcome[-1]] if device_ids and len(outcome) > 11 else None
        if kind == "kernel_error":
            raise KernelFault(message, kernel, (x, y), source_line(code_object, code_offset), device)
        if kind == "hang":
            raise KernelHang(message, kernel, (x, y), source_line(code_object, code_offset), device)
        if kind == "program_error":
            raise ProgramError(message)
        if kind == "not_emulated":
            raise NotEmulatedError(message)
        if kind == "stopped":  # a mesh over processes stopped by another process's failure
            raise EmulatorError(message)
        if kind == "deadlock":
            names = dataflow_buffers or {}
            waited = semaphores or {}
            raise DeadlockError(tuple(
                BlockedKernel(k, (bx, by), waits, cb if cb >= 0 else None,
                              *(names.get(cb, (None, None)) if cb >= 0 else (None, None)),
                              recent_events=tuple(recent), device=ids[chip] if device_ids else None,
                              pipe=waited.get((sem, bx, by)) if sem >= 0 else None)
                for k, bx, by, waits, cb, recent, chip, sem in blocked
            ))

    def _show_prints(self, lines: Sequence[DevicePrintLine]) -> None:
        """The kernels' device prints (print() in an operation), on the script's standard
        output, each line tagged with its device, core and kernel, before any error of the
        run is raised (what a kernel printed before it failed is often the clue)."""
        if not lines:
            return
        sys.stdout.write("".join(
            f"[device {line.device} core ({line.core[0]}, {line.core[1]}) {line.kernel}] {line.text}\n"
            for line in lines
        ))

    def close(self) -> None:
        self._native = None  # type: ignore[assignment]

    def __enter__(self) -> Device:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"ttlang.emu.Device({self._arch!r}, emulated)"


@dataclass(frozen=True)
class DevicePrintLine:
    """One line a kernel printed: the kernel, its core (x, y) and the text (no newline)."""

    kernel: str
    core: tuple[int, int]
    text: str
    device: int = 0  # the device's id (a mesh's chip)


@dataclass(frozen=True)
class RunStats:
    """Facts about the last program run (for benchmarks and debugging): context switches and
    the kernels' device prints in the order they ran."""

    context_switches: int
    prints: tuple[DevicePrintLine, ...] = ()


def open_device(
    arch: str = DEFAULT_ARCHITECTURE,
    *,
    cache_dir: str | os.PathLike[str] | None = None,
    schedule: str = "forward",
    watchdog: float | None = DEFAULT_WATCHDOG,
    threads: int | None = None,
) -> Device:
    """Opens an emulated device (``schedule``: the kernel order, "forward" or "reverse";
    ``watchdog``: seconds of CPU time without progress after which a kernel is a
    ``KernelHang``, ``None`` or 0 for none; ``threads``: the host threads running the cores'
    kernels, ``None`` for the CPUs this process may use, ``1`` for one fixed interleaving)."""
    return Device(arch, cache_dir=cache_dir, schedule=schedule, watchdog=watchdog, threads=threads)


def _as_numpy(array: Any) -> np.ndarray:
    if isinstance(array, np.ndarray):
        return array
    detach = getattr(array, "detach", None)  # torch tensors, without importing torch
    if callable(detach):
        tensor = detach().cpu()
        if "bfloat16" in str(tensor.dtype):
            import ml_dtypes  # noqa: PLC0415

            return tensor.float().numpy().astype(ml_dtypes.bfloat16)
        return tensor.numpy()
    return np.asarray(array)
