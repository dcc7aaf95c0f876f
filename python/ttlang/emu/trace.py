"""Traces of runs on the emulated device, in Chrome's trace-event format (Perfetto,
chrome://tracing).

The device records each kernel's events as fixed-size records (``ttl/Emu/Trace.h``); this
module reads them and writes them out: one process per device, one track (thread) per kernel
on a core, every timestamp on the emulator's logical clock (docs/emulator.md, "Tracing a
run"). Attach a :class:`Trace` with ``device.trace(path)``::

    with device.trace("out.json") as trace:
        my_operation(a, b, out)
    trace.counts[("device 0", (0, 0), "reader")]["cb_push_back"]
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ttlang.emu import _emu

# The record layout of ttl/Emu/Trace.h's TraceEvent.
EVENT_DTYPE = np.dtype([
    ("start", "<u8"), ("end", "<u8"), ("address", "<u8"), ("a", "<u4"), ("b", "<u4"),
    ("kind", "u1"), ("detail", "u1"), ("reserved", "V6"),
])
assert EVENT_DTYPE.itemsize == _emu.TRACE_EVENT_BYTES, "trace.py and Trace.h disagree"
KINDS: tuple[str, ...] = _emu.TRACE_EVENT_KINDS
TILE_GROUPS: tuple[str, ...] = _emu.TILE_GROUPS
_TILES = KINDS.index("tiles")
_ROLES = ("data_movement_0", "data_movement_1", "compute")  # a core's kernels, in track order
# Chrome's trace-event categories of the kinds (the viewer filters by them).
_CATEGORY = {
    "cb_wait_front": "cb", "cb_reserve_back": "cb", "cb_push_back": "cb", "cb_pop_front": "cb",
    "noc_async_read": "noc", "noc_async_write": "noc", "noc_semaphore_wait": "semaphore",
    "noc_semaphore_set": "semaphore", "noc_semaphore_inc": "semaphore", "tiles": "tiles",
}
# Kinds shown as instants (they happen at a tick); the others are spans (waits, transfers,
# groups of tile operations).
_INSTANTS = frozenset({"cb_push_back", "cb_pop_front", "noc_semaphore_set", "noc_semaphore_inc"})
KernelKey = tuple[str, tuple[int, int], str]  # (device, core, kernel)


@dataclass(frozen=True)
class KernelEvents:
    """One kernel's events in one run: its name, core, processor role, records
    (``EVENT_DTYPE``, clock of the run: the first event starts at 0) and its device
    (``"device 2"``: in a mesh run, the chip it ran on)."""

    kernel: str
    core: tuple[int, int]
    role: str
    events: np.ndarray
    device: str


@dataclass(frozen=True)
class TracedRun:
    """One program run: its device (``"devices 0-3"`` for a mesh run, whose kernels each
    name their own), where it starts on the trace's clock, its kernels, the DFB names of its
    circular buffers and its outcome ("ok", "deadlock", ...)."""

    device: str
    offset: int
    kernels: tuple[KernelEvents, ...]
    dataflow_buffers: Mapping[int, tuple[str, str | None]]
    outcome: str

    @property
    def length(self) -> int:
        return max((int(k.events["end"].max()) for k in self.kernels if len(k.events)), default=0)


NativeTrace = tuple[str, int, int, str, bytes, int]  # kernel, x, y, role, records, chip


def kernel_events(native: Sequence[NativeTrace], device_ids: Sequence[int]) -> tuple[KernelEvents, ...]:
    """The native run's traces; ``device_ids``: the ids of the run's chips, by chip index."""
    return tuple(
        KernelEvents(kernel, (x, y), role, np.frombuffer(blob, dtype=EVENT_DTYPE), f"device {device_ids[chip]}")
        for kernel, x, y, role, blob, chip in native
    )


def kernel_counts(events: np.ndarray) -> dict[str, int]:
    """Events of each kind (by name), and tiles of each group of tile operations
    (``"tiles: matmul"``): what the kernel did, independent of how the host threads
    interleaved it."""
    counts: dict[str, int] = {}
    for kind, n in enumerate(np.bincount(events["kind"], minlength=len(KINDS))):
        if n and kind != _TILES:
            counts[KINDS[kind]] = int(n)
    tiles = events[events["kind"] == _TILES]
    for group, n in enumerate(np.bincount(tiles["detail"], weights=tiles["a"],
                                          minlength=len(TILE_GROUPS))):
        if n:
            counts[f"tiles: {TILE_GROUPS[group]}"] = int(n)
    return counts


class Trace:
    """The runs of the devices it is attached to (``device.trace(path)`` attaches one), laid
    end to end on one logical clock. Written to ``path`` (Chrome's trace-event JSON) when
    closed, or by :meth:`write`."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = path
        self.runs: list[TracedRun] = []
        self._devices: list[Any] = []
        self._end = 0  # the clock where the next run starts

    def attach(self, device: Any) -> Trace:
        """Records every later run of ``device`` (until :meth:`close`)."""
        if device._tracer is not None and device._tracer is not self:
            raise ValueError(f"{device!r} is already being traced")
        device._tracer = self
        if device not in self._devices:
            self._devices.append(device)
        return self

    def add_run(
        self,
        device: str,
        native: Sequence[NativeTrace],
        dataflow_buffers: Mapping[int, tuple[str, str | None]] | None,
        outcome: str,
        device_ids: Sequence[int] = (0,),
    ) -> None:
        """Adds one run's kernels (the native module's trace tuples; ``device_ids``: the ids
        of the run's chips, by chip index)."""
        run = TracedRun(device, self._end, kernel_events(native, device_ids), dict(dataflow_buffers or {}),
                        outcome)
        self.runs.append(run)
        self._end += run.length + 1  # one idle tick between runs

    @property
    def counts(self) -> dict[KernelKey, dict[str, int]]:
        """Per (device, core, kernel): events of each kind and tiles of each group, summed over
        the runs (:func:`kernel_counts`)."""
        totals: dict[KernelKey, dict[str, int]] = {}
        for run in self.runs:
            for k in run.kernels:
                into = totals.setdefault((k.device, k.core, k.kernel), {})
                for name, n in kernel_counts(k.events).items():
                    into[name] = into.get(name, 0) + n
        return totals

    def chrome_trace(self) -> dict[str, Any]:
        """The trace as Chrome's trace-event JSON object."""
        return _ChromeTrace(self).build()

    def write(self, path: str | os.PathLike[str] | None = None) -> str:
        """Writes the trace (to ``path``, else the one it was made with); returns the path."""
        target = path if path is not None else self.path
        if target is None:
            raise ValueError("no path to write the trace to")
        with open(target, "w", encoding="utf-8") as file:
            json.dump(self.chrome_trace(), file, separators=(",", ":"))
        return os.fspath(target)

    def close(self) -> None:
        """Stops recording; writes the file when the trace has a path."""
        for device in self._devices:
            if getattr(device, "_tracer", None) is self:
                device._tracer = None
        self._devices.clear()
        if self.path is not None:
            self.write()

    def __enter__(self) -> Trace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _device_order(device: str) -> tuple[int, str]:
    """``"device 10"`` after ``"device 9"``."""
    number = device.rsplit(" ", 1)[-1]
    return (int(number), device) if number.isdigit() else (-1, device)


class _ChromeTrace:
    """Builds the trace-event list of a :class:`Trace`: pid = device (each chip of a mesh run
    its own), tid = a kernel on a core (0: the runs), named by metadata events."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.pids: dict[str, int] = {}
        self.tids: dict[tuple[int, tuple[int, int], str, str], int] = {}
        self.events: list[dict[str, Any]] = []

    def pid(self, device: str) -> int:
        if device not in self.pids:
            pid = self.pids[device] = len(self.pids)
            self.events.append({"ph": "M", "name": "process_name", "pid": pid,
                                "args": {"name": f"{device} (emulated)"}})
            self.events.append({"ph": "M", "name": "process_sort_index", "pid": pid,
                                "args": {"sort_index": pid}})
            self.events.append({"ph": "M", "name": "thread_name", "pid": pid, "tid": 0,
                                "args": {"name": "runs"}})
        return self.pids[device]

    def tid(self, pid: int, k: KernelEvents) -> int:
        key = (pid, k.core, k.role, k.kernel)
        if key not in self.tids:
            tid = self.tids[key] = len(self.tids) + 1
            x, y = k.core
            self.events.append({"ph": "M", "name": "thread_name", "pid": pid, "tid": tid,
                                "args": {"name": f"core ({x}, {y}) {k.kernel}"}})
            # Tracks sorted by core (row-major), then data movement 0, 1, compute.
            order = (y * 1000 + x) * len(_ROLES) + _ROLES.index(k.role) + 1
            self.events.append({"ph": "M", "name": "thread_sort_index", "pid": pid, "tid": tid,
                                "args": {"sort_index": order}})
        return self.tids[key]

    def build(self) -> dict[str, Any]:
        for number, run in enumerate(self.trace.runs, 1):
            # The run's span on each of its devices' runs track (a mesh run: every chip's).
            for device in sorted({k.device for k in run.kernels} or {run.device}, key=_device_order):
                mine = [k for k in run.kernels if k.device == device] or list(run.kernels)
                self.events.append({
                    "ph": "X", "name": f"run {number}", "cat": "run", "pid": self.pid(device), "tid": 0,
                    "ts": run.offset, "dur": run.length,
                    "args": {"outcome": run.outcome, "device": device,
                             "kernels": sorted({k.kernel for k in mine}),
                             "cores": len({k.core for k in mine})},
                })
            for k in run.kernels:
                pid = self.pid(k.device)
                tid = self.tid(pid, k)
                for record in k.events.tolist():
                    self.events.append(self.event(record, pid, tid, run, k.device))
        counts = {f"{device} core ({core[0]}, {core[1]}) {kernel}": n
                  for (device, core, kernel), n in self.trace.counts.items()}
        return {
            "traceEvents": self.events,
            "displayTimeUnit": "ns",
            "otherData": {
                "producer": "ttlang emulated device",
                "clock": "logical ticks, shown as microseconds (docs/emulator.md, 'Tracing a run')",
                "counts": counts,
            },
        }

    @staticmethod
    def event(record: tuple, pid: int, tid: int, run: TracedRun, device: str) -> dict[str, Any]:
        start, end, address, a, b, kind, detail, _ = record
        name = KINDS[kind]
        args: dict[str, Any]
        if name.startswith("cb_"):
            args = {"cb": a, "pages": b}
            dfb = run.dataflow_buffers.get(a)
            if dfb is not None:
                args["dfb"] = dfb[0]
        elif name == "noc_async_read":
            args = {"bytes": a, "from": _emu.noc_endpoint(address), "to L1": hex(b)}
        elif name == "noc_async_write":
            args = {"bytes": a, "to": _emu.noc_endpoint(address), "from L1": hex(b)}
        elif name == "noc_semaphore_wait":
            args = {"L1": hex(address), "until": f"{'>=' if detail else '=='} {a}"}
        elif name == "noc_semaphore_set":
            args = {"L1": hex(address), "value": a}
        elif name == "noc_semaphore_inc":
            args = {"to": _emu.noc_endpoint(address), "increment": a}
        else:
            name = TILE_GROUPS[detail]
            args = {"tiles": a}
        args["device"] = device
        event = {"name": name, "cat": _CATEGORY[KINDS[kind]], "pid": pid, "tid": tid,
                 "ts": run.offset + start, "args": args}
        if KINDS[kind] in _INSTANTS:
            event.update(ph="i", s="t")
        else:
            event.update(ph="X", dur=end - start)
        return event
