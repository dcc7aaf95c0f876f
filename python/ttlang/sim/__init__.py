"""ttlang's simulator: ``ttlang-sim script.py [args...]`` runs a tt-lang program, driver
included, with the emulated device (``ttlang.emu``) standing in for the Tenstorrent card.

Inside it, ``import ttnn`` gives a stand-in (``ttlang.sim.ttnn_api``) whose ``open_device``
opens the emulated device and whose ``from_torch`` / ``empty`` / ``to_torch``... put data on it
and read it back, and ``import ttl`` gives ``ttlang``; a tt-lang 1.1 script runs unchanged.
Operations declared with ``runtime_resource_factory=`` are rejected
(:class:`RuntimeResourcesRejected`), as the spec's simulator does. docs/emulator.md, section
"The simulator: ttlang-sim", describes it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttlang.sim.errors import RuntimeResourcesRejected, SimulatorError


def main(argv: Sequence[str] | None = None) -> int:
    """``ttlang-sim [--arch ARCH] [--cache-dir DIR] script.py [args...]``; returns the exit
    status."""
    from ttlang.sim.cli import main as cli_main  # noqa: PLC0415

    return cli_main(argv)


__all__ = ["RuntimeResourcesRejected", "SimulatorError", "main"]
