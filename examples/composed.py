"""Composition: an operation calls another operation, which is inlined.

`make_exp_stage` is an operation factory: its operation copies tiles in through its own
data-movement kernel `loader` (a captured ttl.Kernel handle). `exp_then_exp` calls the stage
twice; both calls keep the handle's identity, so they share that one logical kernel instead
of consuming another data-movement kernel. The compiled kernel spec for `loader` is equal to
the original handle.

Run: python examples/composed.py
"""

import ttlang as ttl


def make_exp_stage():
    loader = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)

    @ttl.operation(grid=(1, 1))
    def exp_stage(src, dst):
        src_dfb = ttl.make_dataflow_buffer_like(src, shape=(1, 1), block_count=2)
        dst_dfb = ttl.make_dataflow_buffer_like(dst, shape=(1, 1), block_count=2)
        for r in range(src.shape[0] // 32):
            for c in range(src.shape[1] // 32):
                with src_dfb.reserve() as blk:
                    ttl.copy(src[r, c], blk, kernel=loader).wait()
                with src_dfb.wait() as x, dst_dfb.reserve() as y:
                    y.store(ttl.math.exp(x))
                with dst_dfb.wait() as y:
                    ttl.copy(y, dst[r, c]).wait()

    return exp_stage, loader


exp_stage, loader = make_exp_stage()


@ttl.operation(grid=(1, 1))
def exp_then_exp(inp, tmp, out):
    exp_stage(inp, tmp)
    exp_stage(tmp, out)


if __name__ == "__main__":
    spec = ttl.TensorSpec((64, 64))
    compiled = exp_then_exp.compile(spec, spec, spec)
    print(compiled.ir)
    for kernel in compiled.kernels:
        same = " (== loader)" if kernel.logical_kernel == loader else ""
        print(f"// kernel {kernel.function}: {kernel.kind.name}{same}")
