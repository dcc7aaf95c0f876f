"""Tensor descriptions the compiler needs: shape, element type and memory placement."""

from __future__ import annotations

from dataclasses import dataclass

from ttlang.artifact import TensorParamSpec
from ttlang import ir_text

_DTYPES = ir_text.ELEMENT_TYPES
_BUFFER_TYPES = {"dram": "dram", "l1": "l1"}
_LAYOUTS = {"tile": "tiled", "row_major": "row_major"}


_SHARDED = ("height_sharded", "width_sharded", "block_sharded")
_ORIENTATIONS = ("row_major", "col_major")


@dataclass(frozen=True)
class ShardSpec:
    """A sharded tensor's shard spec, as ``ttnn.ShardSpec``: ``grid`` the cores holding shards,
    inclusive rectangles ``((x0, y0), (x1, y1))`` in ttnn's CoreRangeSet order; ``shape`` one
    shard's ``(rows, cols)`` in elements; ``orientation`` ``"row_major"`` or ``"col_major"``
    (the order shards are dealt to the cores). Whether it fits a tensor is the compiler's rule
    (the ``#ttl.layout`` verifier; docs/language.md, "Sharded tensors")."""

    grid: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
    shape: tuple[int, int]
    orientation: str = "row_major"

    def __post_init__(self) -> None:
        grid = tuple(((int(a[0]), int(a[1])), (int(b[0]), int(b[1]))) for a, b in self.grid)
        object.__setattr__(self, "grid", grid)
        object.__setattr__(self, "shape", tuple(int(d) for d in self.shape))
        if self.orientation not in _ORIENTATIONS:
            raise ValueError(f"ShardSpec orientation must be one of {_ORIENTATIONS}, got {self.orientation!r}")
        if len(self.shape) != 2 or not grid:
            raise ValueError("ShardSpec needs a nonempty grid and a (rows, cols) shard shape")

    def mlir_attr(self) -> str:
        return ir_text.shard_attr(self.grid, self.shape, self.orientation)

    def cores(self) -> tuple[tuple[int, int], ...]:
        """The grid's cores in the orientation's order (ttnn's ``corerange_to_cores``)."""
        row_major = self.orientation == "row_major"
        out = []
        for (x0, y0), (x1, y1) in self.grid:
            if row_major:
                out.extend((x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))
            else:
                out.extend((x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))
        return tuple(out)


@dataclass(frozen=True)
class TensorSpec:
    """A light stand-in for a ttnn tensor at compile time.

    ``shape`` in elements; ``dtype`` ``"bfloat16"`` or ``"float32"``; ``buffer_type``
    ``"dram"`` or ``"l1"``; ``memory_layout`` ``"interleaved"`` or ``"height_sharded"`` /
    ``"width_sharded"`` / ``"block_sharded"`` with a ``shard`` spec; ``layout`` ``"tile"`` or
    ``"row_major"``.
    """

    shape: tuple[int, ...]
    dtype: str = "bfloat16"
    buffer_type: str = "dram"
    memory_layout: str = "interleaved"
    layout: str = "tile"
    shard: ShardSpec | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape", tuple(int(d) for d in self.shape))
        if self.dtype not in _DTYPES:
            raise ValueError(f"TensorSpec dtype must be one of {sorted(_DTYPES)}, got {self.dtype!r}")
        if self.buffer_type not in _BUFFER_TYPES:
            raise ValueError(
                f"TensorSpec buffer_type must be 'dram' or 'l1', got {self.buffer_type!r}"
            )
        if self.memory_layout != "interleaved" and self.memory_layout not in _SHARDED:
            raise ValueError(
                f"TensorSpec memory_layout must be 'interleaved' or one of {_SHARDED}, got "
                f"{self.memory_layout!r}"
            )
        if (self.memory_layout in _SHARDED) != (self.shard is not None):
            raise ValueError(
                "TensorSpec takes a shard= spec exactly when its memory_layout is sharded"
            )
        if self.layout not in _LAYOUTS:
            raise ValueError(f"TensorSpec layout must be 'tile' or 'row_major', got {self.layout!r}")

    @property
    def element_type(self) -> str:
        return _DTYPES[self.dtype]

    def mlir_type(self) -> str:
        return ir_text.tensor_type(
            self.shape, self.element_type, _BUFFER_TYPES[self.buffer_type], self.memory_layout,
            _LAYOUTS[self.layout], self.shard.mlir_attr() if self.shard else None,
        )

    def param_spec(self, name: str) -> TensorParamSpec:
        return TensorParamSpec(name, self.shape, self.dtype, self.buffer_type, self.memory_layout, self.shard)


def tensor_spec_of(value: object) -> TensorSpec:
    """A TensorSpec for a TensorSpec, a tensor that carries one (``ttlang_tensor_spec``: the
    emulated device's tensors, whose shape, dtype and placement never change), or a ttnn
    tensor (read through its public attributes)."""
    if isinstance(value, TensorSpec):
        return value
    carried = getattr(value, "ttlang_tensor_spec", None)
    if isinstance(carried, TensorSpec):
        return carried
    if not hasattr(value, "shape") or not hasattr(value, "dtype"):
        raise TypeError(
            f"expected a ttnn tensor or ttlang.TensorSpec, got {type(value).__name__}"
        )
    dtype = str(value.dtype).lower()
    dtype = "bfloat16" if "bfloat16" in dtype else "float32" if "float32" in dtype else dtype
    layout = str(getattr(value, "layout", "tile")).lower()
    layout = "row_major" if "row_major" in layout else "tile"
    buffer_type, memory_layout = "dram", "interleaved"
    memory_config = getattr(value, "memory_config", None)
    if callable(memory_config):
        config = memory_config()
        buffer_type = "l1" if "l1" in str(getattr(config, "buffer_type", "")).lower() else "dram"
        layout_name = str(getattr(config, "memory_layout", "interleaved")).lower()
        memory_layout = next((name for name in _SHARDED if name in layout_name), "interleaved")
        if memory_layout != "interleaved":
            return TensorSpec(tuple(value.shape), dtype, buffer_type, memory_layout, layout,
                              shard_spec_of(config.shard_spec))
    return TensorSpec(tuple(value.shape), dtype, buffer_type, memory_layout, layout)


def shard_spec_of(spec: object) -> ShardSpec:
    """A ShardSpec from a ``ttnn.ShardSpec`` (``grid`` a CoreRangeSet, ``shape``,
    ``orientation``), or the ShardSpec itself."""
    if isinstance(spec, ShardSpec):
        return spec
    ranges = tuple(
        ((r.start.x, r.start.y), (r.end.x, r.end.y)) for r in spec.grid.ranges()  # type: ignore[attr-defined]
    )
    orientation = "col_major" if "col" in str(spec.orientation).lower() else "row_major"  # type: ignore[attr-defined]
    return ShardSpec(ranges, tuple(spec.shape), orientation)  # type: ignore[attr-defined]
