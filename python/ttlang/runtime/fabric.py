"""External fabric managers: the control-plane model and the checks of the factory's bindings
against the claims the compiler recorded (their lifetimes come from ``ttl-record-fabric-managers``,
``FabricManagerSpec``).

A fixed forwarding link is an ABI constraint of an external kernel: the binding names the link
index it was written for, and target binding rejects a link the active control plane does not
expose towards the destination. Without hardware the control plane is modelled from a mesh
description: devices on a 2-D grid, ``links_per_neighbor`` links between direct neighbours
(with wrap-around links on a ring/torus), minus links listed as down.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ttlang.artifact import CompiledArtifact, FabricManagerSpec, LogicalKernelId
from ttlang.runtime.errors import ArtifactError, FabricBindingError, FabricIntervalError
from ttlang.runtime.kernels import resolve_kernel
from ttlang.runtime.records import FabricConnectionBinding, core_xy

Device = tuple[int, ...]


@dataclass(frozen=True)
class MeshDescription:
    """A mesh of logical devices ``(row, col)`` and the links between neighbours."""

    shape: tuple[int, int]  # (rows, cols)
    links_per_neighbor: int = 1
    wrap_rows: bool = False  # ring along each row (col 0 <-> col n-1)
    wrap_cols: bool = False  # ring along each column
    down_links: tuple[tuple[Device, Device, int], ...] = ()  # (src, dst, link) not exposed

    def __post_init__(self) -> None:
        rows, cols = self.shape
        if rows < 1 or cols < 1 or self.links_per_neighbor < 0:
            raise ValueError(f"invalid mesh description {self.shape}, {self.links_per_neighbor}")


class ControlPlane:
    """The links the active fabric exposes, per (source device, destination device)."""

    def __init__(self, mesh: MeshDescription) -> None:
        self.mesh = mesh
        rows, cols = mesh.shape
        self.devices: tuple[Device, ...] = tuple((r, c) for r in range(rows) for c in range(cols))
        down = set(mesh.down_links)
        self._links: dict[tuple[Device, Device], tuple[int, ...]] = {}
        for r, c in self.devices:
            for dst in self._neighbors(r, c):
                self._links[((r, c), dst)] = tuple(
                    link for link in range(mesh.links_per_neighbor) if ((r, c), dst, link) not in down
                )

    @classmethod
    def single_device(cls) -> ControlPlane:
        return cls(MeshDescription((1, 1), links_per_neighbor=0))

    def _neighbors(self, r: int, c: int) -> set[Device]:
        rows, cols = self.mesh.shape
        out: set[Device] = set()
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            nr, nc = r + dr, c + dc
            if self.mesh.wrap_cols:
                nr %= rows
            if self.mesh.wrap_rows:
                nc %= cols
            if 0 <= nr < rows and 0 <= nc < cols and (nr, nc) != (r, c):
                out.add((nr, nc))
        return out

    def exposed_links(self, source: Device, destination: Device) -> tuple[int, ...]:
        return self._links.get((source, destination), ())


@dataclass(frozen=True)
class ResolvedBinding:
    """A validated binding: what the cache identity needs, plus the objects to retain."""

    kernel: LogicalKernelId
    claim_name: str
    abi_identity: str
    connections: tuple[tuple[Device, tuple[int, int], Device, int], ...]  # sorted
    links: frozenset[int]
    lifetimes: tuple[Any, ...]

    def identity(self) -> tuple[Any, ...]:
        return (self.kernel, self.claim_name, self.abi_identity, self.connections)


def validate_fabric(
    artifact: CompiledArtifact,
    bindings: tuple[FabricConnectionBinding, ...],
    kernel_cores: Mapping[LogicalKernelId, frozenset[tuple[int, int]]],
    control_plane: ControlPlane,
    emitted: frozenset[LogicalKernelId],
) -> tuple[ResolvedBinding, ...]:
    """Checks bindings against the captured claims, the kernel's instances and the control plane,
    then external and generated manager lifetimes together. Returns bindings sorted by claim."""
    if not bindings and not artifact.fabric_managers:
        return ()
    op = artifact.operation_id
    claims: dict[tuple[LogicalKernelId, str], FabricManagerSpec] = {
        (spec.logical_kernel, spec.name): spec for spec in artifact.fabric_managers if spec.external
    }
    resolved: dict[tuple[LogicalKernelId, str], ResolvedBinding] = {}
    active = control_plane.devices
    active_set = set(active)
    for binding in bindings:
        kernel = resolve_kernel(binding.claim.kernel, op, emitted)
        key = (kernel, binding.claim.name)
        label = f"fabric claim '{binding.claim.name}' of kernel '{kernel.name}'"
        spec = claims.get(key)
        if spec is None:
            raise FabricBindingError(f"{label} is not captured by operation '{op}'")
        if key in resolved:
            raise FabricBindingError(f"{label} has more than one FabricConnectionBinding")
        if spec.abi_identity is not None and binding.abi_identity != spec.abi_identity:
            raise FabricBindingError(
                f"{label}: binding declares ABI '{binding.abi_identity}', the external kernel "
                f"expects '{spec.abi_identity}'"
            )
        cores = kernel_cores[kernel]
        seen: set[tuple[Device, tuple[int, int], Device]] = set()
        covered: set[tuple[Device, tuple[int, int]]] = set()
        connections = []
        for requirement in binding.requirements:
            destination = requirement.destination
            link = requirement.fixed_link_index
            for device in requirement.logical_devices:
                if device not in active_set:
                    raise FabricBindingError(f"{label}: logical device {device} is not active")
                if link not in control_plane.exposed_links(device, destination):
                    exposed = control_plane.exposed_links(device, destination)
                    raise FabricBindingError(
                        f"{label}: fixed_link_index {link} is not exposed by the control plane from "
                        f"device {device} to {destination} (exposed: {list(exposed)})"
                    )
                for node in requirement.worker_nodes:
                    xy = core_xy(node)
                    if xy not in cores:
                        raise FabricBindingError(
                            f"{label}: worker node {xy} does not run kernel '{kernel.name}'"
                        )
                    if (device, xy, destination) in seen:
                        raise FabricBindingError(
                            f"{label}: device {device} node {xy} reserves more than one link to "
                            f"{destination}"
                        )
                    seen.add((device, xy, destination))
                    covered.add((device, xy))
                    connections.append((device, xy, destination, link))
        for device in active:
            for xy in sorted(cores, key=lambda c: (c[1], c[0])):
                if (device, xy) not in covered:
                    raise FabricBindingError(
                        f"{label}: requirements do not cover logical device {device}, worker node "
                        f"{xy} of kernel '{kernel.name}'"
                    )
        resolved[key] = ResolvedBinding(
            kernel,
            binding.claim.name,
            binding.abi_identity,
            tuple(sorted(connections)),
            frozenset(link for *_, link in connections),
            binding.lifetimes,
        )
    for key in claims:
        if key not in resolved:
            raise FabricBindingError(
                f"fabric claim '{key[1]}' of kernel '{key[0].name}' has no FabricConnectionBinding"
            )
    _check_intervals(artifact.fabric_managers, resolved)
    return tuple(resolved[key] for key in sorted(resolved, key=lambda k: (k[0].name, k[1])))


def _check_intervals(
    specs: Iterable[FabricManagerSpec],
    resolved: Mapping[tuple[LogicalKernelId, str], ResolvedBinding],
) -> None:
    by_kernel: dict[LogicalKernelId, list[tuple[FabricManagerSpec, frozenset[int]]]] = {}
    for spec in specs:
        if spec.end <= spec.start:
            raise ArtifactError(f"fabric manager '{spec.name}' has an empty interval")
        links = (
            resolved[(spec.logical_kernel, spec.name)].links
            if spec.external
            else frozenset(spec.link_indices)
        )
        by_kernel.setdefault(spec.logical_kernel, []).append((spec, links))
    for entries in by_kernel.values():
        entries.sort(key=lambda e: e[0].start)
        for i, (a, a_links) in enumerate(entries):
            for b, b_links in entries[i + 1 :]:
                if b.start >= a.end:
                    break
                shared = a_links & b_links
                if shared:
                    kinds = tuple("external" if m.external else "generated" for m in (a, b))
                    raise FabricIntervalError(
                        f"kernel '{a.logical_kernel.name}': {kinds[0]} fabric manager '{a.name}' "
                        f"[{a.start}, {a.end}) overlaps {kinds[1]} manager '{b.name}' "
                        f"[{b.start}, {b.end}) on link {min(shared)}"
                    )
