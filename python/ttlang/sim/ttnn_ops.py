"""ttnn's library operations (``ttnn.add``, ``ttnn.multiply``, ``ttnn.matmul``, ``ttnn.relu``,
...) on the simulator's tensors, computed on the host by ttnn's own golden functions.

tt-lang scripts compute references and post-process results with ttnn operations around their
tt-lang operations. ttnn 0.81.1 attaches a reference implementation in torch (its *golden
function*, ``ttnn.get_golden_function``) to most of its operations; inside ``ttlang-sim`` such
an operation called with simulator tensors runs that golden function instead of a device
program: the inputs become torch tensors, the golden computes, and the result is a tensor like
the one ttnn returns: the ``dtype=`` asked for (else the first input's), the first input's
layout, and on its device (in the ``memory_config=`` asked for, else the first input's) or on
the host. These are the golden's numerics (torch on the host), not the card's; a ttnn operation
without a golden function, or called without torch installed, is a ``NotEmulatedError`` naming
it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ttlang.emu import NotEmulatedError
from ttlang.runtime import _ttnn
from ttlang.sim.tensors import DeviceTensor, Tensor, export, import_array, place, torch_module
from ttlang.sim.ttnn_types import DataType, Layout, MemoryConfig, data_type


def first_tensor(values: Any) -> Tensor | None:
    """The first simulator tensor in ``values`` (nested lists and tuples searched), or None."""
    for value in values:
        if isinstance(value, Tensor):
            return value
        if isinstance(value, (list, tuple)):
            found = first_tensor(value)
            if found is not None:
                return found
    return None


def _for_golden(value: Any, real: Any) -> Any:
    """An argument as the golden function takes it: tensors as torch tensors, the simulator's
    data types and layouts as the real ttnn's (goldens convert them to torch types)."""
    if isinstance(value, Tensor):
        return export(value.to_numpy())  # type: ignore[attr-defined]
    if isinstance(value, DataType):
        return getattr(real.DataType, value.name)
    if isinstance(value, Layout):
        return getattr(real.Layout, value.name)
    if isinstance(value, (list, tuple)):
        return type(value)(_for_golden(v, real) for v in value)
    return value


def golden_operation(name: str, operation: Any) -> Callable[..., Any]:
    """``ttnn.<name>`` for simulator tensors: its golden function on the host."""

    def run(*args: Any, **kwargs: Any) -> Any:
        real = _ttnn.ttnn()  # the real package (inside ttlang-sim, `import ttnn` is the stand-in)
        like = first_tensor([*args, *kwargs.values()])
        assert like is not None
        try:
            golden = real.get_golden_function(operation)
        except (RuntimeError, AttributeError, KeyError, TypeError):
            golden = None
        if golden is None:
            raise NotEmulatedError(
                f"ttnn.{name} is a TTNN library operation without a golden (reference) function "
                "in ttnn 0.81.1, so ttlang-sim cannot compute it on the host; compute it with "
                "torch (ttnn.to_torch) or in a tt-lang operation"
            )
        if torch_module() is None:
            raise NotEmulatedError(
                f"ttnn.{name} runs on the host through ttnn's golden function, which needs torch: "
                "pip install 'ttlang[torch]'"
            )
        dtype = kwargs.get("dtype")
        memory_config = kwargs.get("memory_config")
        # Where the result lives is the simulator's business, not the golden's.
        result = golden(
            *(_for_golden(a, real) for a in args),
            **{k: _for_golden(v, real) for k, v in kwargs.items() if not isinstance(v, MemoryConfig)},
        )
        return _from_golden(result, like, dtype, memory_config)

    run.__name__ = name
    run.__qualname__ = name
    run.__doc__ = f"ttnn.{name} on simulator tensors: ttnn's golden function, on the host."
    return run


def _from_golden(result: Any, like: Tensor, dtype: Any, memory_config: Any) -> Any:
    if isinstance(result, (list, tuple)):
        return type(result)(_from_golden(r, like, dtype, memory_config) for r in result)
    values = import_array(result)
    if values.dtype == np.bool_ or np.issubdtype(values.dtype, np.integer):
        values = values.astype(np.float32)  # comparisons: 1.0 / 0.0 in the tensor's type
    target = like.dtype if dtype is None else data_type(dtype)  # type: ignore[attr-defined]
    device = like.device() if isinstance(like, DeviceTensor) else None
    if device is not None and memory_config is None:
        memory_config = like.memory_config()  # type: ignore[attr-defined]
    return place(values, target, like.layout, device, memory_config)  # type: ignore[attr-defined]


# ttnn.Tensor's arithmetic operators are ttnn.add / subtract / multiply / divide / neg: on the
# simulator's tensors, those operations' goldens on the host (as `ttnn.add(a, b)` is). Set here,
# beside golden_operation, because this module builds on ttlang.sim.tensors.
_OPERATORS = {
    "__add__": ("add", False), "__radd__": ("add", True),
    "__sub__": ("subtract", False), "__rsub__": ("subtract", True),
    "__mul__": ("multiply", False), "__rmul__": ("multiply", True),
    "__truediv__": ("divide", False),
}


def _operator(name: str, reflected: bool) -> Callable[..., Any]:
    def apply(self: Tensor, other: Any) -> Any:
        operation = golden_operation(name, getattr(_ttnn.ttnn(), name))
        return operation(other, self) if reflected else operation(self, other)

    return apply


for _method, (_name, _reflected) in _OPERATORS.items():
    setattr(Tensor, _method, _operator(_name, _reflected))
Tensor.__neg__ = lambda self: golden_operation("neg", _ttnn.ttnn().neg)(self)  # type: ignore[method-assign]
