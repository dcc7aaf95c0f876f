"""`make demo`: compiles the multi-core tile-wise add (examples/tile_add_explicit.py) for three
128x128 bf16 DRAM tensors on a 2x2 grid and prints its TT-Metal kernels: for each kernel
descriptor, the logical kernel, processor role, core ranges, kernel ABI and C++ source.
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
