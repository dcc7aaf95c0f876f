"""Packing into another data format: a bf16 sum kept in bf16, a bf16 matmul packed into f32.

`o.store(expr)` into a block of the other element type (bf16 <-> f32) packs converting to the
destination DFB's format: the matmul reads bf16 blocks, accumulates in the destination
registers and the packer writes f32 tiles. Between the bf16 add and the matmul only the
packer's format changes, so the compute kernel calls `pack_reconfig_data_format(prod_cb)` and
leaves the unpacker alone. See docs/language.md and docs/backend.md.

Run: python examples/convert_on_pack.py  (prints the compute kernel's C++)
"""

import ttlang as ttl
from ttlang.artifact import ProcessorRole


@ttl.operation(grid=(1, 1))
def convert_on_pack(a, b, x, total, prod):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=2)
    total_dfb = ttl.make_dataflow_buffer_like(total, shape=(1, 1), block_count=2)
    prod_dfb = ttl.make_dataflow_buffer_like(prod, shape=(1, 1), block_count=2)
    for r in range(a.shape[0] // 32):
        with a_dfb.reserve() as ab, b_dfb.reserve() as bb, x_dfb.reserve() as xb:
            ta = ttl.copy(a[r, 0], ab)
            tb = ttl.copy(b[0, 0], bb)
            tx = ttl.copy(x[r, 0], xb)
            ta.wait()
            tb.wait()
            tx.wait()
        with a_dfb.wait() as p, b_dfb.wait() as q, x_dfb.wait() as v:
            with total_dfb.reserve() as o:
                o.store(p + v)
            with prod_dfb.reserve() as o:
                o.store(p @ q)
        with total_dfb.wait() as o:
            ttl.copy(o, total[r, 0]).wait()
        with prod_dfb.wait() as o:
            ttl.copy(o, prod[r, 0]).wait()


BF16 = ttl.TensorSpec((64, 32))
B_BF16 = ttl.TensorSpec((32, 32))
F32 = ttl.TensorSpec((64, 32), dtype="float32")
INPUTS = (BF16, B_BF16, BF16, BF16, F32)

if __name__ == "__main__":
    artifact = convert_on_pack.compile(*INPUTS).artifact
    for kernel in artifact.kernels:
        if kernel.role is ProcessorRole.COMPUTE:
            print(kernel.source)
