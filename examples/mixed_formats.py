"""Mixed data formats in one compute kernel: a bf16 matmul, a bf16 add and an f32 exp.

The three math steps read and pack DFBs of different element types (each DFB takes its
tensor's dtype). The compute kernel starts the hardware for the matmul's bf16 formats; before
the f32 exp it reprograms the unpacker's SrcA and the packer for f32
(`reconfig_data_format_srca`, `pack_reconfig_data_format`), and before the next iteration's
matmul both sources and the packer go back to bf16 (`reconfig_data_format<SrcOrder::Reverse>`).
See docs/backend.md.

Run: python examples/mixed_formats.py  (prints the compute kernel's C++)
"""

import ttlang as ttl
from ttlang.artifact import ProcessorRole


@ttl.operation(grid=(1, 1))
def mixed_formats(a, b, x, prod, y):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    x_dfb = ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=2)
    prod_dfb = ttl.make_dataflow_buffer_like(prod, shape=(1, 1), block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(y, shape=(1, 1), block_count=2)
    for r in range(x.shape[0] // 32):
        with a_dfb.reserve() as ab, b_dfb.reserve() as bb, x_dfb.reserve() as xb:
            ta = ttl.copy(a[r, 0], ab)
            tb = ttl.copy(b[0, 0], bb)
            tx = ttl.copy(x[r, 0], xb)
            ta.wait()
            tb.wait()
            tx.wait()
        with a_dfb.wait() as p, b_dfb.wait() as q, prod_dfb.reserve() as o:
            o.store(p @ q)
        with x_dfb.wait() as v, y_dfb.reserve() as o:
            o.store(ttl.math.exp(v))
        with prod_dfb.wait() as o:
            ttl.copy(o, prod[r, 0]).wait()
        with y_dfb.wait() as o:
            ttl.copy(o, y[r, 0]).wait()


BF16 = ttl.TensorSpec((64, 32))
B_BF16 = ttl.TensorSpec((32, 32))
F32 = ttl.TensorSpec((64, 32), dtype="float32")
INPUTS = (BF16, B_BF16, F32, BF16, F32)

if __name__ == "__main__":
    artifact = mixed_formats.compile(*INPUTS).artifact
    for kernel in artifact.kernels:
        if kernel.role is ProcessorRole.COMPUTE:
            print(kernel.source)
