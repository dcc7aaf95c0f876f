"""Fixtures of the emulated-device tests: one device per module, kernels built into a cache
folder of the test session, shared by its pytest-xdist workers (cold: every session compiles
the kernels it runs)."""

from __future__ import annotations

import numpy as np
import pytest


@pytest.fixture(scope="session")
def emu_cache(session_dir):
    return session_dir("emu-cache")


@pytest.fixture(scope="module")
def device(emu_cache):
    import ttlang.emu as emu

    return emu.open_device(cache_dir=emu_cache)


@pytest.fixture
def rng():
    return np.random.default_rng(20261201)
