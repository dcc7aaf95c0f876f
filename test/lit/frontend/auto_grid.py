# RUN: %python %s | FileCheck %s
# grid="auto" (tt-lang 1.1) and grid="full": the worker grid of the target compiled for, from
# the target capacity table (wormhole_b0 8x8, blackhole 13x10); ttl.grid_size is that grid as
# a compile-time constant, so the loop bounds below fold per target.
import ttlang as ttl


@ttl.operation(grid="auto")
def auto_copy(inp, out):
    cols, rows = ttl.grid_size(dims=2)
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)
    col, row = ttl.node(dims=2)
    for r in range(inp.shape[0] // 32 // rows):
        for c in range(inp.shape[1] // 32 // cols):
            with dfb.reserve() as blk:
                ttl.copy(inp[row * r, col * c], blk).wait()
            with dfb.wait() as blk:
                ttl.copy(blk, out[row * r, col * c]).wait()


spec = ttl.TensorSpec((32 * 40, 32 * 104))
print(auto_copy.build_ir(spec, spec))
print(auto_copy.build_ir(spec, spec, target="blackhole"))
# CHECK: func.func @auto_copy
# CHECK-SAME: ttl.grid = array<i64: 8, 8>
# CHECK: %[[R:.*]] = arith.constant 5 : index
# CHECK: scf.for %{{.*}} = %{{.*}} to %[[R]]
# CHECK: %[[C:.*]] = arith.constant 13 : index
# CHECK: scf.for %{{.*}} = %{{.*}} to %[[C]]
# CHECK: func.func @auto_copy
# CHECK-SAME: ttl.grid = array<i64: 13, 10>
# CHECK: %[[R2:.*]] = arith.constant 4 : index
# CHECK: scf.for %{{.*}} = %{{.*}} to %[[R2]]
# CHECK: %[[C2:.*]] = arith.constant 8 : index
# CHECK: scf.for %{{.*}} = %{{.*}} to %[[C2]]
