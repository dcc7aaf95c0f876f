"""The fabric topology of an emulated mesh, as ttnn's control plane reads it from a mesh graph
descriptor.

ttnn 0.81.1 ships its systems' mesh graph descriptors (``ttnn/tt_metal/fabric/
mesh_graph_descriptors/*.textproto``): each names a mesh's ``device_topology`` (``dims: [rows,
cols]``, and per dimension ``dim_types``: ``LINE``, the default, or ``RING``, whose ends are
linked), the architecture, and ``channels { count }``: the Ethernet links between each pair of
neighbouring chips. ``t3k`` is a 2x4 line-line mesh with 2 channels, ``single_galaxy`` 8x4 with
4, ``n300`` 1x2 with 2. :func:`descriptors` reads them from the installed wheel (without
importing ttnn); :class:`MeshTopology` is one mesh's links, and ``control_plane()`` the
``ttlang.runtime.ControlPlane`` fabric bindings are checked against.

``ttnn.set_fabric_config`` chooses how the fabric routes: ``FABRIC_1D`` lines, ``FABRIC_1D_RING``
rings along each dimension of more than two chips, ``FABRIC_2D`` a 2-D mesh, and
``FABRIC_2D_TORUS_{X,Y,XY}`` rings along columns (X), rows (Y) or both: :data:`FABRIC_WRAPS`.
"""

from __future__ import annotations

import importlib.util
import pathlib
import re
from dataclasses import dataclass
from functools import cache

from ttlang.runtime.fabric import ControlPlane, MeshDescription

LINE = "line"
RING = "ring"
# (wrap rows, wrap columns) of each fabric configuration: X is the column index (along a row),
# Y the row index (ttnn's MeshCoordinate (row, col); tt-fabric's torus names).
FABRIC_WRAPS: dict[str, tuple[bool, bool]] = {
    "DISABLED": (False, False),
    "FABRIC_1D": (False, False),
    "FABRIC_1D_RING": (True, True),
    "FABRIC_1D_NEIGHBOR_EXCHANGE": (False, False),
    "FABRIC_2D": (False, False),
    "FABRIC_2D_TORUS_X": (True, False),
    "FABRIC_2D_TORUS_Y": (False, True),
    "FABRIC_2D_TORUS_XY": (True, True),
}
# Links between neighbours when no shipped descriptor has the mesh's shape: one, the least a
# fabric has.
DEFAULT_LINKS = 1
_ARCH_NAMES = {"WORMHOLE_B0": "wormhole_b0", "BLACKHOLE": "blackhole"}


@dataclass(frozen=True)
class MeshGraphDescriptor:
    """One shipped mesh graph descriptor's mesh: its file name (without the suffix), arch,
    ``(rows, cols)``, per dimension ``LINE`` / ``RING``, and the links between neighbours."""

    name: str
    arch: str
    shape: tuple[int, int]
    dim_types: tuple[str, str]
    links: int


@dataclass(frozen=True)
class MeshTopology:
    """The chips of a mesh on a ``(rows, cols)`` grid, ``links`` Ethernet links between each pair
    of neighbours, rows / columns closed into rings where ``dim_types`` says ``ring``."""

    shape: tuple[int, int]
    dim_types: tuple[str, str] = (LINE, LINE)
    links: int = DEFAULT_LINKS
    source: str = "default"  # the descriptor it came from, for messages and docs

    def __post_init__(self) -> None:
        rows, cols = self.shape
        if rows < 1 or cols < 1:
            raise ValueError(f"a mesh needs at least one row and one column, got {self.shape}")
        if any(kind not in (LINE, RING) for kind in self.dim_types):
            raise ValueError(f"dim_types must be 'line' or 'ring', got {self.dim_types}")
        if self.links < 1:
            raise ValueError(f"a fabric needs at least one link between neighbours, got {self.links}")

    @property
    def num_devices(self) -> int:
        return self.shape[0] * self.shape[1]

    def with_fabric(self, config: str) -> MeshTopology:
        """This mesh under ``ttnn.set_fabric_config(FabricConfig.<config>)``: rings where the
        configuration wraps (a ring of two chips is their one pair of links)."""
        if config not in FABRIC_WRAPS:
            raise ValueError(f"unknown fabric configuration {config!r} (known: {sorted(FABRIC_WRAPS)})")
        wrap_rows, wrap_cols = FABRIC_WRAPS[config]
        rows, cols = self.shape
        dim_types = (RING if wrap_cols and rows > 2 else LINE, RING if wrap_rows and cols > 2 else LINE)
        return MeshTopology(self.shape, dim_types, self.links, self.source)

    def control_plane(self) -> ControlPlane:
        """The links the fabric exposes between neighbours (``ttlang.runtime.ControlPlane``)."""
        return ControlPlane(MeshDescription(
            self.shape, links_per_neighbor=self.links,
            wrap_rows=self.dim_types[1] == RING, wrap_cols=self.dim_types[0] == RING,
        ))

    def neighbours(self, device: tuple[int, int]) -> tuple[tuple[int, int], ...]:
        """The chips ``device`` has links to, sorted."""
        plane = self.control_plane()
        return tuple(sorted(d for d in plane.devices if plane.exposed_links(device, d)))


def descriptor_folder() -> pathlib.Path | None:
    """Where the installed ttnn wheel keeps its mesh graph descriptors (None without ttnn)."""
    spec = importlib.util.find_spec("ttnn")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = pathlib.Path(next(iter(spec.submodule_search_locations))) / "tt_metal" / "fabric" / "mesh_graph_descriptors"
    return folder if folder.is_dir() else None


_MESH = re.compile(r"mesh_descriptors\s*\{(?P<body>.*?)\n\}", re.S)
_DIMS = re.compile(r"device_topology\s*\{\s*dims:\s*\[\s*(\d+)\s*,\s*(\d+)\s*\]\s*,?\s*(?:dim_types:\s*\[\s*(\w+)\s*,\s*(\w+)\s*\])?")
_ARCH = re.compile(r"arch:\s*(\w+)")
_CHANNELS = re.compile(r"channels\s*\{\s*count:\s*(\d+)")


@cache
def descriptors() -> tuple[MeshGraphDescriptor, ...]:
    """The single-mesh descriptors the ttnn wheel ships (files whose first mesh has a 2-D
    ``device_topology``), sorted by name."""
    folder = descriptor_folder()
    if folder is None:
        return ()
    found = []
    for path in sorted(folder.glob("*.textproto")):
        mesh = _MESH.search(path.read_text())
        if mesh is None:
            continue
        body = mesh.group("body")
        dims, arch, channels = _DIMS.search(body), _ARCH.search(body), _CHANNELS.search(body)
        if dims is None or arch is None or channels is None or arch.group(1) not in _ARCH_NAMES:
            continue
        kinds = tuple((dims.group(k) or "LINE").lower() for k in (3, 4))
        found.append(MeshGraphDescriptor(
            path.name.removesuffix(".textproto"), _ARCH_NAMES[arch.group(1)],
            (int(dims.group(1)), int(dims.group(2))), kinds, int(channels.group(1)),  # type: ignore[arg-type]
        ))
    return tuple(found)


def topology_for(shape: tuple[int, int], arch: str) -> MeshTopology:
    """The topology of a ``(rows, cols)`` mesh of ``arch`` chips: the links of the shipped line
    descriptor of that shape and arch (either orientation: a 1x2 is n300's, 2x4 t3k's, 8x4 and
    4x8 single_galaxy's), else :data:`DEFAULT_LINKS`; lines in both dimensions (rings come from
    the fabric configuration, ``with_fabric``)."""
    rows, cols = shape
    for descriptor in descriptors():
        if (descriptor.arch == arch and descriptor.dim_types == (LINE, LINE)
                and descriptor.shape in ((rows, cols), (cols, rows))):
            return MeshTopology((rows, cols), (LINE, LINE), descriptor.links, descriptor.name)
    return MeshTopology((rows, cols))
