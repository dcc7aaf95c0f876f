"""Shared pytest setup: the package is imported from the source tree (python/)."""

import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
if str(ROOT / "python") not in sys.path:
    sys.path.insert(0, str(ROOT / "python"))

import pytest


@pytest.fixture(scope="session")
def session_dir(tmp_path_factory):
    """``session_dir(name)``: the folder ``name`` of the whole test session, made by whichever
    test asks first. ``make test`` runs pytest-xdist workers, each with its own base temp folder
    under the session's: the session's is their parent, so the kernel build caches kept there
    (the emulator's and the simulator's, safe for concurrent processes) are filled once a
    session, not once a worker."""
    base = tmp_path_factory.getbasetemp()
    session = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base

    def folder(name: str) -> pathlib.Path:
        path = session / name
        path.mkdir(exist_ok=True)
        return path

    return folder


@pytest.fixture(scope="module")
def toolchain():
    """The real-header kernel check toolchain; the test is skipped where it is not installed."""
    from ttlang.testing.kernel_check import KernelCheckUnavailable, find_toolchain

    try:
        return find_toolchain()
    except KernelCheckUnavailable as e:
        pytest.skip(f"real-header kernel check skipped: {e}")


def pytest_collection_modifyitems(config, items):
    """``--family F``: the op-model calibration tests of other families are deselected."""
    families = set(config.getoption("--family") or ())
    if not families:
        return
    selected, deselected = [], []
    for item in items:
        marker = item.get_closest_marker("family")
        (deselected if marker is not None and marker.args[0] not in families else selected).append(item)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = selected
