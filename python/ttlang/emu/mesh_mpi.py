"""A mesh of emulated chips spread over processes with MPI: ``ttlang.emu.mesh_mpi.open_mesh_device``.

Every process (MPI rank) runs the same script (SPMD, as tt-metal's multi-host runtime does) and
holds a contiguous block of the mesh's chips, row-major (:class:`RankLayout`): their DRAM, L1,
cores and the tensors' pieces on them. What a script does on the mesh, every rank does: it opens
the mesh, places tensors (each rank keeps its chips' pieces of the host array), calls operations
(each rank compiles them and runs its chips' programs; the runtime resource factory is called
per device on the rank holding it) and reads results back (``concat`` gathers the pieces from
every rank).

A fabric packet to another rank's chip leaves the run as an MPI message and is carried out
there (:class:`MpiTransport`; ``lib/Emu/Fabric.cpp`` encodes it, the run's transport thread hands
it over). Messages between two ranks do not overtake each other (MPI's ordering), so packets on
a link still arrive in the order sent. A run ends when the ranks agree it is over, by a
termination protocol that also detects a deadlock across ranks: rank 0 asks every rank for its
state (idle or not, packets sent and received) in waves; two consecutive waves in which every
rank is idle, with the same counts, and as many packets received as sent, mean nothing is in
flight and nothing can move (docs/emulator.md, "A mesh over processes").

mpi4py is imported by this module only: a one-process mesh never loads MPI.
"""

from __future__ import annotations

import os
import struct
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ttlang.emu.device import DEFAULT_ARCHITECTURE, DEFAULT_WATCHDOG
from ttlang.emu.errors import EmulatorError
from ttlang.emu.mesh import Coordinate, MeshDevice, MeshMember, mesh_topology
from ttlang.emu.mesh_topology import MeshTopology

# Message tags of the transport.
_PACKET, _PROBE, _STATUS, _VERDICT, _FAILED = range(1, 6)
# Every message starts with its run's number: a rank may start the next run while another still
# waits for the last one's verdict. A _PACKET message carries every packet queued for its rank
# since the last exchange, in order, each as its chip and length, then its bytes.
_RUN = struct.Struct("<Q")
_PACKET_HEAD = struct.Struct("<II")
# A rank's state in a wave: the wave, idle, done, packets sent, packets received.
_STATE = struct.Struct("<Q??QQ")
_VERDICTS = ("finished", "deadlock")
# How long a rank may sit idle without a verdict before it gives up on the others (a rank that
# never joined the run: a script that does not run the same operations on every rank).
DEFAULT_IDLE_TIMEOUT = 300.0


@dataclass(frozen=True)
class RankLayout:
    """Which rank holds which chip: the mesh's ``chips`` (row-major indices) cut into ``ranks``
    contiguous blocks of ``ceil(chips / ranks)`` (the last may be shorter)."""

    chips: int
    ranks: int

    def __post_init__(self) -> None:
        if not 1 <= self.ranks <= self.chips:
            raise ValueError(f"{self.ranks} ranks for a mesh of {self.chips} chips: each rank needs a chip")

    @property
    def block(self) -> int:
        return -(-self.chips // self.ranks)

    def owner(self, chip: int) -> int:
        return chip // self.block

    def chips_of(self, rank: int) -> range:
        return range(rank * self.block, min(self.chips, (rank + 1) * self.block))


@dataclass
class _Wave:
    """Rank 0's current wave: the states reported so far, by rank."""

    number: int
    states: dict[int, tuple[bool, bool, int, int]]


class MpiTransport:
    """One run's exchange with the other ranks (``_emu.run_mesh``'s transport; the native side
    calls :meth:`exchange` on the run's transport thread). ``early`` holds messages of later
    runs that arrived during this one; they are kept for the next run (the mesh owns the list)."""

    def __init__(self, comm: Any, layout: RankLayout, run: int, early: list[tuple[int, int, bytes]],
                 idle_timeout: float | None) -> None:
        from mpi4py import MPI  # noqa: PLC0415 - only meshes over processes load MPI

        self._mpi = MPI
        self.comm = comm
        self.rank = comm.Get_rank()
        self.layout = layout
        self.run = run
        self.sent = self.received = 0
        self.idle_timeout = idle_timeout
        self._sends: list[tuple[Any, bytes]] = []  # requests not yet complete, with their buffers
        self._pending = early
        self._wave: _Wave | None = None
        self._last_wave: dict[int, tuple[bool, bool, int, int]] | None = None
        self._waves = 0
        self._idle_since: float | None = None
        self.error: str | None = None  # why this rank stopped the run (its transport's fault)
        self.timed_out = False  # it gave up waiting for the others (they may never compare outcomes)

    # Messages --------------------------------------------------------------------------------

    def _send(self, rank: int, tag: int, body: bytes) -> None:
        data = _RUN.pack(self.run) + body
        self._sends.append((self.comm.Isend([data, self._mpi.BYTE], rank, tag), data))

    def _others(self) -> Iterator[int]:
        return (r for r in range(self.layout.ranks) if r != self.rank)

    def _arrived(self) -> Iterator[tuple[int, int, bytes]]:
        """(source, tag, body) of this run's messages: those kept from before, then every one
        waiting now (later runs' are kept for them, earlier runs' dropped)."""
        kept, self._pending[:] = list(self._pending), []
        for source, tag, message in kept:
            yield from self._sort(source, tag, message)
        status = self._mpi.Status()
        while self.comm.Iprobe(self._mpi.ANY_SOURCE, self._mpi.ANY_TAG, status):
            message = bytearray(status.Get_count(self._mpi.BYTE))
            source, tag = status.Get_source(), status.Get_tag()
            self.comm.Recv([message, self._mpi.BYTE], source, tag)
            yield from self._sort(source, tag, bytes(message))

    def _sort(self, source: int, tag: int, message: bytes) -> Iterator[tuple[int, int, bytes]]:
        (run,) = _RUN.unpack_from(message)
        if run == self.run:
            yield source, tag, message[_RUN.size:]
        elif run > self.run:
            self._pending.append((source, tag, message))

    # The exchange ----------------------------------------------------------------------------

    def exchange(self, outgoing: list[tuple[int, bytes]], idle: bool, done: bool,
                 failed: bool) -> tuple[list[tuple[int, bytes]], str]:
        """Sends this rank's packets, takes the ones that arrived and answers the termination
        protocol; returns the packets and the verdict (``continue``, ``finished``,
        ``deadlock``, ``failed``). An error of its own stops the run on every rank."""
        try:
            return self._exchange(outgoing, idle, done, failed)
        except Exception as error:  # noqa: BLE001 - any fault of the transport ends the run everywhere
            self.error = f"rank {self.rank}'s MPI transport failed: {error!r}"
            return self._exchange([], False, False, True)

    def _exchange(self, outgoing: list[tuple[int, bytes]], idle: bool, done: bool,
                  failed: bool) -> tuple[list[tuple[int, bytes]], str]:
        self._sends = [(request, data) for request, data in self._sends if not request.Test()]
        if failed:  # the others stop too (packets still in flight are dropped by the next run)
            for rank in self._others():
                self._send(rank, _FAILED, b"")
            return [], "failed"
        batches: dict[int, list[bytes]] = {}
        for chip, packet in outgoing:
            batches.setdefault(self.layout.owner(chip), []).extend((_PACKET_HEAD.pack(chip, len(packet)), packet))
        for rank, parts in batches.items():
            self._send(rank, _PACKET, b"".join(parts))
        self.sent += len(outgoing)
        incoming: list[tuple[int, bytes]] = []
        verdict = "continue"
        for source, tag, body in self._arrived():
            if tag == _PACKET:
                at = 0
                while at < len(body):
                    chip, size = _PACKET_HEAD.unpack_from(body, at)
                    at += _PACKET_HEAD.size
                    incoming.append((chip, body[at:at + size]))
                    at += size
                    self.received += 1
            elif tag == _PROBE:  # rank 0 asks: this rank's state now
                (wave,) = struct.unpack_from("<Q", body)
                self._send(source, _STATUS, _STATE.pack(wave, idle and not incoming, done, self.sent, self.received))
            elif tag == _STATUS:
                wave, *state = _STATE.unpack(body)
                if self._wave is not None and wave == self._wave.number:
                    self._wave.states[source] = tuple(state)  # type: ignore[assignment]
            elif tag == _VERDICT:
                verdict = _VERDICTS[body[0]]
            elif tag == _FAILED:
                verdict = "failed"
        if verdict == "continue" and self.rank == 0:
            verdict = self._coordinate(idle and not incoming and not outgoing, done)
        if verdict == "continue" and self._timed_out(idle and not incoming and not outgoing):
            return self._exchange([], False, False, True)
        if verdict in _VERDICTS:  # every packet was received: the sends complete
            self._mpi.Request.Waitall([request for request, _ in self._sends])
        return incoming, verdict

    def _coordinate(self, idle: bool, done: bool) -> str:
        """Rank 0: starts a wave when it is idle itself, and decides when one is complete."""
        if self._wave is None:
            if not idle:
                return "continue"
            self._waves += 1
            self._wave = _Wave(self._waves, {0: (idle, done, self.sent, self.received)})
            for rank in self._others():
                self._send(rank, _PROBE, struct.pack("<Q", self._waves))
        if len(self._wave.states) < self.layout.ranks:
            return "continue"
        states, self._wave = self._wave.states, None
        quiet = all(state[0] for state in states.values())
        balanced = sum(s[2] for s in states.values()) == sum(s[3] for s in states.values())
        if quiet and balanced and states == self._last_wave:
            verdict = "finished" if all(state[1] for state in states.values()) else "deadlock"
            for rank in self._others():
                self._send(rank, _VERDICT, bytes([_VERDICTS.index(verdict)]))
            return verdict
        self._last_wave = states
        return "continue"

    def _timed_out(self, idle: bool) -> bool:
        if not idle or self.idle_timeout is None:
            self._idle_since = None
            return False
        now = time.monotonic()
        if self._idle_since is None:
            self._idle_since = now
        if now - self._idle_since < self.idle_timeout:
            return False
        self.timed_out = True
        self.error = (f"rank {self.rank} waited {self.idle_timeout:g} s idle without a verdict from the "
                      "other ranks: does every rank run the same operations on the mesh?")
        return True


class MpiMeshDevice(MeshDevice):
    """A mesh whose chips are spread over the ranks of an MPI communicator (:class:`RankLayout`):
    this process holds ``local_coordinates()``; ``devices`` are its chips. Created by
    :func:`open_mesh_device`."""

    def __init__(self, shape: Sequence[int], arch: str, *, comm: Any, topology: MeshTopology,
                 idle_timeout: float | None = DEFAULT_IDLE_TIMEOUT, **options: Any) -> None:
        rows, cols = (int(d) for d in shape)
        self.comm = comm.Dup()  # the mesh's own messages never meet the script's
        self.rank = self.comm.Get_rank()
        self.layout = RankLayout(rows * cols, self.comm.Get_size())
        self.idle_timeout = idle_timeout
        self._runs = 0
        self._early: list[tuple[int, int, bytes]] = []
        super().__init__((rows, cols), arch, topology=topology, **options)

    def local_coordinates(self) -> Iterator[Coordinate]:
        cols = self.shape[1]
        return iter([divmod(chip, cols) for chip in self.layout.chips_of(self.rank)])

    def device(self, coordinate: Coordinate) -> MeshMember:
        r, c = coordinate
        chip = r * self.shape[1] + c
        if not 0 <= chip < self.layout.chips or not (0 <= r < self.shape[0] and 0 <= c < self.shape[1]):
            raise ValueError(f"no device at {coordinate} in a {self.shape[0]}x{self.shape[1]} mesh")
        owner = self.layout.owner(chip)
        if owner != self.rank:
            raise EmulatorError(f"device {chip} at {coordinate} is held by rank {owner}, not by this "
                                f"process (rank {self.rank}); read it with concat or to_numpy_by_device")
        return self.devices[chip - self.layout.chips_of(self.rank).start]

    def get_num_devices(self) -> int:
        return self.layout.chips

    def gather_pieces(self, pieces: dict[Coordinate, np.ndarray]) -> dict[Coordinate, np.ndarray]:
        every: dict[Coordinate, np.ndarray] = {}
        for part in self.comm.allgather(pieces):
            every.update(part)
        return every

    def _transport(self) -> MpiTransport | None:
        if self.layout.ranks == 1:
            return None
        self._runs += 1
        self._last_transport = MpiTransport(self.comm, self.layout, self._runs, self._early, self.idle_timeout)
        return self._last_transport

    def _conclude_run(self, first: MeshMember, outcome: tuple, dataflow_buffers: Any, semaphores: Any) -> None:
        """Every rank raises the same error: the first failing rank's (a kernel error, a hang...),
        else a deadlock listing every rank's blocked kernels. Prints and traces stay each rank's
        own (its chips')."""
        if self.layout.ranks > 1:
            transport = self._last_transport
            if transport.error is not None:
                outcome = ("stopped", transport.error, *outcome[2:])
            if not transport.timed_out:  # every rank ran: they compare outcomes
                outcome = _merged(outcome, self.comm.allgather(outcome[:10] + (None, outcome[11])))
            if outcome[0] == "stopped":  # the transport's fault, not a kernel's
                first._conclude(("ok", *outcome[1:]), dataflow_buffers,
                                device_ids=range(self.layout.chips), semaphores=semaphores)
                raise EmulatorError(outcome[1])
        first._conclude(outcome, dataflow_buffers, device_ids=range(self.layout.chips), semaphores=semaphores)

    def close(self) -> None:
        super().close()
        if self.comm is not None:
            self.comm.Free()
            self.comm = None

    def __repr__(self) -> str:
        return (f"ttlang.emu.MpiMeshDevice({self.shape[0]}x{self.shape[1]}, {self._arch!r}, rank "
                f"{self.rank} of {self.layout.ranks}, emulated)")


def _merged(local: tuple, outcomes: Sequence[tuple]) -> tuple:
    """This rank's outcome with the run's verdict across ranks: the first rank's failure (kind,
    message, kernel, core, code address, device), else every rank's blocked kernels."""
    failures = [o for o in outcomes if o[0] not in ("ok", "deadlock", "stopped")]
    if failures:
        f = failures[0]
        return (*f[:5], local[5], local[6], local[7], f[8], f[9], local[10], f[11])
    if any(o[0] == "deadlock" for o in outcomes):
        blocked = [b for o in outcomes for b in o[5]]
        return ("deadlock", local[1] or "deadlock", *local[2:5], blocked, *local[6:])
    # A rank that stopped for a reason of its own (its transport) says why; the others were told.
    stopped = sorted((o for o in outcomes if o[0] == "stopped"), key=lambda o: o[1].startswith("stopped:"))
    return stopped[0][:10] + local[10:] if stopped else local


def open_mesh_device(
    shape: Sequence[int],
    arch: str = DEFAULT_ARCHITECTURE,
    *,
    comm: Any = None,
    topology: MeshTopology | None = None,
    fabric: str | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
    schedule: str = "forward",
    watchdog: float | None = DEFAULT_WATCHDOG,
    threads: int | None = None,
    idle_timeout: float | None = DEFAULT_IDLE_TIMEOUT,
) -> MpiMeshDevice:
    """Opens a ``(rows, cols)`` mesh spread over the ranks of ``comm`` (default: MPI's world):
    every rank calls it, and holds its block of chips (:class:`RankLayout`). ``fabric``,
    ``topology`` and the rest as ``ttlang.emu.open_mesh_device``; ``idle_timeout``: seconds a
    rank waits idle for the others before it gives up (None: forever)."""
    if comm is None:
        from mpi4py import MPI  # noqa: PLC0415

        comm = MPI.COMM_WORLD
    rows, cols = (int(d) for d in shape)
    return MpiMeshDevice((rows, cols), arch, comm=comm, topology=mesh_topology((rows, cols), arch, topology, fabric),
                         idle_timeout=idle_timeout, cache_dir=cache_dir, schedule=schedule, watchdog=watchdog,
                         threads=threads)
