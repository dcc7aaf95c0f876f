"""The environment for tt-metal's mock Wormhole device in ttnn 0.81.1 (no hardware).

Shared by the runtime's mock-device tests and the op-model calibration harness
(bench/opmodel_calibration.py). Facts (shared/docs/ttnn.md): the device needs a mock cluster
descriptor and a TT_METAL_RUNTIME_ROOT that mirrors the ttnn package plus a stand-in sfpi compiler,
because opening a device builds firmware even in mock mode.
"""

from __future__ import annotations

import importlib.util
import os
import pathlib
import sys
from dataclasses import dataclass

HERE = pathlib.Path(__file__).resolve().parent
# A copy of shared/data/mock-cluster/wormhole_N150.yaml, kept in the repo so CI needs nothing else.
WORMHOLE_CLUSTER = HERE.parent / "data" / "mock-cluster" / "wormhole_N150.yaml"
MOCK_COMPILER = HERE / "runtime" / "mock_device" / "riscv_tt_elf_gxx.py"


@dataclass(frozen=True)
class MockDeviceEnvironment:
    """Environment variables for a process that opens the mock device, and the directory to run
    it in (tt-metal writes generated/ files into its working directory)."""

    env: dict[str, str]
    workdir: pathlib.Path
    runtime_root: pathlib.Path


def ttnn_package() -> pathlib.Path | None:
    """The installed ttnn package directory, found without importing ttnn."""
    spec = importlib.util.find_spec("ttnn")
    if spec is None or spec.origin is None:
        return None
    return pathlib.Path(spec.origin).parent


def prepare(base: pathlib.Path, cluster: pathlib.Path = WORMHOLE_CLUSTER) -> MockDeviceEnvironment:
    """Builds the runtime-root mirror, the stand-in compiler and the cache under ``base``."""
    package = ttnn_package()
    if package is None:
        raise RuntimeError("ttnn is not installed")
    if not cluster.exists():
        raise FileNotFoundError(f"no mock cluster descriptor at {cluster}")
    root = base / "tt_metal_runtime_root"
    root.mkdir(parents=True, exist_ok=True)
    for name in ("build", "tt_metal", "ttnn"):
        if not (root / name).exists():
            (root / name).symlink_to(package / name)
    (root / "runtime").mkdir(exist_ok=True)
    if not (root / "runtime" / "hw").exists():
        (root / "runtime" / "hw").symlink_to(package / "runtime" / "hw")
    compiler = root / "runtime" / "sfpi" / "compiler" / "bin" / "riscv-tt-elf-g++"
    compiler.parent.mkdir(parents=True, exist_ok=True)
    compiler.write_text(f"#!{sys.executable}\n" + MOCK_COMPILER.read_text())
    compiler.chmod(0o755)
    workdir = base / "workdir"
    workdir.mkdir(exist_ok=True)
    cache = base / "tt_metal_cache"
    cache.mkdir(exist_ok=True)
    env = dict(os.environ)
    env.update(
        TT_METAL_RUNTIME_ROOT=str(root),
        TT_METAL_MOCK_CLUSTER_DESC_PATH=str(cluster),
        TT_METAL_CACHE=str(cache),
        TTLANG_MOCK_COMPILER_LOG=str(root / "compiler.log"),
    )
    return MockDeviceEnvironment(env=env, workdir=workdir, runtime_root=root)
