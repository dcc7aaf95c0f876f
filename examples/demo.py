"""`make demo`: compiles the multi-core tile-wise add (examples/tile_add_explicit.py) for three
128x128 bf16 DRAM tensors on a 2x2 grid and prints its TT-Metal kernels: for each kernel
descriptor, the logical kernel, processor role, core ranges, kernel ABI and C++ source. Then it
runs those kernels on the emulated device (ttlang.emu) and prints the result next to numpy's.
"""

import importlib.util
import pathlib

import ttlang as ttl
from ttlang.backend import abi_table

HERE = pathlib.Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("tile_add_explicit", HERE / "tile_add_explicit.py")
example = importlib.util.module_from_spec(spec)
spec.loader.exec_module(example)

tensor = ttl.TensorSpec((128, 128))
compiled = example.tile_add.compile(tensor, tensor, tensor)
artifact = compiled.artifact

print(f"// operation {artifact.operation_name} ({artifact.operation_id}), grid {artifact.grid}")
for dfb in artifact.dataflow_buffers:
    print(
        f"// DFB {dfb.name}: index {dfb.physical_index}, {dfb.data_format}, "
        f"page {dfb.page_size} B, total {dfb.total_size} B"
    )
for kernel in artifact.kernels:
    ranges = ", ".join(f"{r.start}-{r.end}" for r in kernel.core_ranges)
    print(f"\n// ===== kernel {kernel.logical_kernel.name} =====")
    print(f"// role: {kernel.role.value}; cores: {ranges}")
    for line in abi_table(kernel).splitlines():
        print(f"// abi: {line}")
    print(kernel.source, end="")

# Run it: the same kernels, compiled for the host, on ttlang's emulated device (docs/emulator.md),
# next to an independent numpy reference. An emulated result, not a hardware one.
import ml_dtypes  # noqa: E402
import numpy as np  # noqa: E402

import ttlang.emu as emu  # noqa: E402

device = emu.open_device()
rng = np.random.default_rng(7)
a = rng.uniform(-2, 2, (128, 128)).astype(ml_dtypes.bfloat16)
b = rng.uniform(-2, 2, (128, 128)).astype(ml_dtypes.bfloat16)
out = device.empty((128, 128))
result = example.tile_add(device.tensor(a), device.tensor(b), out)
got = out.to_numpy()
reference = (a.astype(np.float32) + b.astype(np.float32)).astype(ml_dtypes.bfloat16)
print(f"\n// {result.describe().splitlines()[0]}")
print("// out[0, :4]        =", got[0, :4].astype(np.float32))
print("// numpy a + b [0,:4] =", reference[0, :4].astype(np.float32))
exact = np.array_equal(got.view(np.uint16), reference.view(np.uint16))
print(f"// all {got.size} elements bit-exact with numpy: {exact}")
