"""Errors of the simulator (``ttlang-sim``).

They are :class:`ttlang.TTLangError`\\ s: each says what the program asked for that the simulator
does not do, and where to go instead. Errors of the emulated device itself (a deadlock, a kernel
fault, something not emulated) stay ``ttlang.emu`` errors.
"""

from __future__ import annotations

from ttlang.errors import TTLangError


class SimulatorError(TTLangError):
    """The program uses something the simulator does not run."""


class RuntimeResourcesRejected(SimulatorError):
    """An operation declared with ``runtime_resource_factory=`` was called inside ``ttlang-sim``.

    Raised before the factory runs. ``operation`` names the operation."""

    def __init__(self, operation: str) -> None:
        self.operation = operation
        super().__init__(
            f"operation '{operation}' was declared with runtime_resource_factory=: the simulator "
            "(ttlang-sim) does not model TTNN program descriptors or per-core kernel runtime "
            "arguments and rejects runtime_resource_factory",
            notes=(
                "to run it with its factory, use the emulated device directly: "
                "`device = ttlang.emu.open_device()`, put the tensors on it "
                "(`device.tensor(array)`, `device.empty(shape)`) and call the operation with them; "
                "that path builds the program descriptors and per-core runtime words the factory "
                "supplies and runs them (docs/emulator.md)",
            ),
        )
