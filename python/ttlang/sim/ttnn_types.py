"""The ttnn value types a tt-lang driver names: data types, layouts, buffer types, memory
configurations and shapes, defined here so that ``import ttnn`` inside ``ttlang-sim`` does not
load the real ttnn package.

They compare equal to the plain names the compiler and the emulated device use
(``DataType.BFLOAT16 == "bfloat16"``, ``BufferType.L1 == "l1"``) and print like ttnn's
(``DataType.BFLOAT16``), which is what :func:`ttlang.tensor_spec.tensor_spec_of` reads.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ttlang.emu import NotEmulatedError
from ttlang.tensor_spec import shard_spec_of


class _Named(str, Enum):
    """A str-valued enum member that prints as ``Class.MEMBER``, like ttnn's enums."""

    def __str__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    __repr__ = __str__


class DataType(_Named):
    BFLOAT16 = "bfloat16"
    FLOAT32 = "float32"
    BFLOAT8_B = "bfloat8_b"
    BFLOAT4_B = "bfloat4_b"
    UINT8 = "uint8"
    UINT16 = "uint16"
    UINT32 = "uint32"
    INT32 = "int32"


class Layout(_Named):
    ROW_MAJOR = "row_major"
    TILE = "tile"


class BufferType(_Named):
    DRAM = "dram"
    L1 = "l1"
    L1_SMALL = "l1_small"
    TRACE = "trace"


class TensorMemoryLayout(_Named):
    INTERLEAVED = "interleaved"
    HEIGHT_SHARDED = "height_sharded"
    WIDTH_SHARDED = "width_sharded"
    BLOCK_SHARDED = "block_sharded"
    ND_SHARDED = "nd_sharded"


# What the emulated device stores.
EMULATED_DTYPES = (DataType.BFLOAT16, DataType.FLOAT32)


@dataclass(frozen=True, init=False)
class MemoryConfig:
    """Where a device tensor lives, as ``ttnn.MemoryConfig(memory_layout, buffer_type)``.

    The fields hold the plain names (``"interleaved"``, ``"dram"`` / ``"l1"``) that the emulated
    device reads; they compare equal to the enum members."""

    memory_layout: str
    buffer_type: str
    shard_spec: Any

    def __init__(
        self,
        memory_layout: TensorMemoryLayout | str = TensorMemoryLayout.INTERLEAVED,
        buffer_type: BufferType | str = BufferType.DRAM,
        shard_spec: Any = None,
    ) -> None:
        object.__setattr__(self, "memory_layout", TensorMemoryLayout(_plain(memory_layout)).value)
        object.__setattr__(self, "buffer_type", BufferType(_plain(buffer_type)).value)
        object.__setattr__(self, "shard_spec", shard_spec)

    def is_sharded(self) -> bool:
        return self.memory_layout != TensorMemoryLayout.INTERLEAVED

    def __repr__(self) -> str:
        return (f"MemoryConfig(memory_layout={TensorMemoryLayout(self.memory_layout)}, "
                f"buffer_type={BufferType(self.buffer_type)})")


def _plain(value: Any) -> str:
    """``"l1"`` for ``BufferType.L1``, ``"BufferType.L1"``, ``"l1"`` or a real ttnn enum member."""
    if isinstance(value, Enum):
        return str(value.value) if isinstance(value, str) else value.name.lower()
    text = str(value)
    return text.rsplit(".", 1)[-1].rsplit("::", 1)[-1].lower()


DRAM_MEMORY_CONFIG = MemoryConfig(TensorMemoryLayout.INTERLEAVED, BufferType.DRAM)
L1_MEMORY_CONFIG = MemoryConfig(TensorMemoryLayout.INTERLEAVED, BufferType.L1)


def data_type(value: Any) -> DataType:
    """The DataType ``value`` names (a DataType, ``"bfloat16"``, or a real ttnn DataType)."""
    try:
        return DataType(_plain(value))
    except ValueError:
        raise TypeError(f"not a ttnn data type: {value!r}") from None


def layout(value: Any) -> Layout:
    try:
        return Layout(_plain(value))
    except ValueError:
        raise TypeError(f"not a ttnn layout: {value!r}") from None


_EMULATED_SHARDING = ("height_sharded", "width_sharded", "block_sharded")


def memory_config(value: Any) -> MemoryConfig:
    """A MemoryConfig for ``value`` (``None`` is DRAM interleaved), checked to be emulated."""
    if value is None:
        return DRAM_MEMORY_CONFIG
    if not isinstance(value, MemoryConfig):
        if not hasattr(value, "buffer_type") or not hasattr(value, "memory_layout"):
            raise TypeError(f"not a ttnn memory configuration: {value!r}")
        try:
            value = MemoryConfig(value.memory_layout, value.buffer_type, getattr(value, "shard_spec", None))
        except ValueError:
            raise NotEmulatedError(f"memory configuration {value!r} is not emulated") from None
    if value.memory_layout in _EMULATED_SHARDING and value.shard_spec is not None:
        # ttnn's ShardSpec as ttlang's (grid, shape, orientation): the emulated device places
        # the shards as ttnn does (docs/emulator.md, "Sharded and row-major tensors").
        return MemoryConfig(value.memory_layout, value.buffer_type, shard_spec_of(value.shard_spec))
    if value.memory_layout != TensorMemoryLayout.INTERLEAVED:
        raise NotEmulatedError(
            f"{value.memory_layout} tensors are not emulated: the emulated device stores "
            "interleaved DRAM and L1 tensors"
        )
    if value.buffer_type not in (BufferType.DRAM, BufferType.L1):
        raise NotEmulatedError(
            f"{value.buffer_type} buffers are not emulated: the emulated device stores tensors in "
            "DRAM or L1"
        )
    return value


class Shape(tuple):
    """``ttnn.Shape([h, w])``: a tensor shape (a tuple of ints)."""

    def __new__(cls, dims: Iterable[int] = ()) -> Shape:
        return super().__new__(cls, (int(d) for d in dims))

    @property
    def rank(self) -> int:
        return len(self)

    def __repr__(self) -> str:
        return f"Shape({list(self)})"


def shape_of(value: Any) -> tuple[int, ...]:
    """A plain shape tuple from a Shape, tuple, list or torch.Size."""
    if isinstance(value, int):
        return (int(value),)
    return tuple(int(d) for d in value)
