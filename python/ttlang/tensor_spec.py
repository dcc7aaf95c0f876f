"""Tensor descriptions the compiler needs: shape, element type and memory placement."""

from __future__ import annotations

from dataclasses import dataclass

from ttlang.artifact import TensorParamSpec
from ttlang import ir_text

_DTYPES = ir_text.ELEMENT_TYPES
_BUFFER_TYPES = {"dram": "dram", "l1": "l1"}
_LAYOUTS = {"tile": "tiled", "row_major": "row_major"}


@dataclass(frozen=True)
class TensorSpec:
    """A light stand-in for a ttnn tensor at compile time.

    ``shape`` in elements; ``dtype`` ``"bfloat16"`` or ``"float32"``; ``buffer_type``
    ``"dram"`` or ``"l1"``; ``memory_layout`` ``"interleaved"``; ``layout`` ``"tile"`` or
    ``"row_major"``.
    """

    shape: tuple[int, ...]
    dtype: str = "bfloat16"
    buffer_type: str = "dram"
    memory_layout: str = "interleaved"
    layout: str = "tile"

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape", tuple(int(d) for d in self.shape))
        if self.dtype not in _DTYPES:
            raise ValueError(f"TensorSpec dtype must be one of {sorted(_DTYPES)}, got {self.dtype!r}")
        if self.buffer_type not in _BUFFER_TYPES:
            raise ValueError(
                f"TensorSpec buffer_type must be 'dram' or 'l1', got {self.buffer_type!r}"
            )
        if self.memory_layout != "interleaved":
            raise ValueError(
                f"TensorSpec memory_layout must be 'interleaved', got {self.memory_layout!r}"
            )
        if self.layout not in _LAYOUTS:
            raise ValueError(f"TensorSpec layout must be 'tile' or 'row_major', got {self.layout!r}")

    @property
    def element_type(self) -> str:
        return _DTYPES[self.dtype]

    def mlir_type(self) -> str:
        return ir_text.tensor_type(
            self.shape, self.element_type, _BUFFER_TYPES[self.buffer_type], self.memory_layout,
            _LAYOUTS[self.layout],
        )

    def param_spec(self, name: str) -> TensorParamSpec:
        return TensorParamSpec(name, self.shape, self.dtype, self.buffer_type, self.memory_layout)


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
        memory_layout = "interleaved" if "interleaved" in layout_name else layout_name
    return TensorSpec(tuple(value.shape), dtype, buffer_type, memory_layout, layout)
