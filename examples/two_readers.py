"""Two data-movement kernels selected by ttl.Kernel handles in a unified operation.

`reader` copies tensor tiles in and `writer` copies results out; the compute kernel is the
canonical one. The handles are created by a factory, captured by the operation, and bound at
registration to the operation's deterministic identity, so the same objects identify the
compiled kernels (e.g. for runtime resources).

Run: python examples/two_readers.py
"""

import ttlang as ttl


def make_relu():
    reader = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)
    writer = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)

    @ttl.operation(grid=(2, 1))
    def relu(inp, out):
        in_dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)
        out_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
        col, _ = ttl.node(dims=2)
        for r in range(inp.shape[0] // 32):
            with in_dfb.reserve() as blk:
                tx = ttl.copy(inp[r, col], blk, kernel=reader)
                tx.wait()
            with in_dfb.wait() as x, out_dfb.reserve() as y:
                y.store(ttl.math.relu(x))
            with out_dfb.wait() as y:
                tx = ttl.copy(y, out[r, col], kernel=writer)
                tx.wait()

    return relu, reader, writer


relu, reader, writer = make_relu()

if __name__ == "__main__":
    spec = ttl.TensorSpec((128, 64), dtype="float32", buffer_type="l1")
    compiled = relu.compile(spec, spec)
    print(compiled.ir)
    for kernel in compiled.kernels:
        name = "reader" if kernel.logical_kernel == reader else (
            "writer" if kernel.logical_kernel == writer else "canonical")
        print(f"// kernel {kernel.function}: {kernel.kind.name} {name}")
