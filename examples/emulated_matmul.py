"""Running a tt-lang 1.1 program on the emulated device (docs/emulator.md): the 4x4-grid matmul
of examples/ttlang11/matmul_4x4.py, its generated kernels compiled for the host and executed on
16 emulated cores, next to numpy. An emulated result, not a hardware one.

Run: .venv/bin/python examples/emulated_matmul.py
"""

import importlib.util
import pathlib

import ml_dtypes
import numpy as np

import ttlang.emu as emu

HERE = pathlib.Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("matmul_4x4", HERE / "ttlang11" / "matmul_4x4.py")
example = importlib.util.module_from_spec(spec)
spec.loader.exec_module(example)

device = emu.open_device()
rng = np.random.default_rng(0)
a = rng.uniform(-1, 1, (512, 256)).astype(ml_dtypes.bfloat16)
b = rng.uniform(-1, 1, (256, 256)).astype(ml_dtypes.bfloat16)
c = device.empty((512, 256))
result = example.matmul(device.tensor(a), device.tensor(b), c)
print(result.describe().splitlines()[0])

got = c.to_numpy().astype(np.float64)
reference = a.astype(np.float64) @ b.astype(np.float64)
# Eight K tiles accumulate in the 16-bit DEST, each step rounding the partial sum to bfloat16.
scale = np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64))
ulps = np.abs(got - reference) / (2.0 ** (np.floor(np.log2(np.maximum(scale, 2.0**-126))) - 7))
print(f"c[0, :4]     = {got[0, :4]}")
print(f"numpy a @ b  = {reference[0, :4]}")
print(f"largest error: {ulps.max():.2f} bfloat16 ulps of |a| @ |b| (the model allows 8)")
