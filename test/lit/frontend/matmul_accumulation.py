# RUN: %python %s | FileCheck %s
# Matmul accumulation in the frontend: `prev + a @ b` and a fused epilogue are plain TTL math
# over ttl.matmul; ttl.math.matmul(..., transpose_rhs=True) sets the op's transpose_rhs (the
# right block N x K); `blk += expr` on a reserved block is ttl.store {accumulate} into it, the
# name keeping the block.
import ttlang as ttl


@ttl.operation(grid=(1, 1))
def accumulate(a, b, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 2), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(2, 1), block_count=2)
    bt_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 2), block_count=2)
    acc_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    with a_dfb.wait() as x, b_dfb.wait() as y, acc_dfb.wait() as prev, acc_dfb.reserve() as s:
        s.store(ttl.math.relu(prev + x @ y))
    with acc_dfb.reserve() as s:
        for _ in range(2):
            with a_dfb.wait() as x, bt_dfb.wait() as y:
                s += ttl.math.matmul(x, y, transpose_rhs=True)


spec = ttl.TensorSpec((32, 64))
print(accumulate.build_ir(spec, ttl.TensorSpec((64, 32)), ttl.TensorSpec((32, 32))))
# CHECK: %[[X:.*]] = ttl.wait %{{.*}} -> !ttl.block<1x2xbf16>
# CHECK: %[[Y:.*]] = ttl.wait %{{.*}} -> !ttl.block<2x1xbf16>
# CHECK: %[[P:.*]] = ttl.wait %{{.*}} -> !ttl.block<1x1xbf16>
# CHECK: %[[S:.*]] = ttl.reserve
# CHECK: %[[M:.*]] = ttl.matmul %[[X]], %[[Y]] : !ttl.block<1x2xbf16>, !ttl.block<2x1xbf16> -> !ttl.block<1x1xbf16> loc("{{.*}}matmul_accumulation.py":16:
# CHECK: %[[A:.*]] = ttl.add %[[P]], %[[M]]
# CHECK: %[[R:.*]] = ttl.relu %[[A]]
# CHECK: ttl.store %[[R]], %[[S]] : !ttl.block<1x1xbf16> loc("{{.*}}":16:
# CHECK: %[[S2:.*]] = ttl.reserve
# CHECK: scf.for
# CHECK: %[[X2:.*]] = ttl.wait %{{.*}} -> !ttl.block<1x2xbf16>
# CHECK: %[[Y2:.*]] = ttl.wait %{{.*}} -> !ttl.block<1x2xbf16>
# CHECK: %[[T:.*]] = ttl.matmul %[[X2]], %[[Y2]] {transpose_rhs} : !ttl.block<1x2xbf16>, !ttl.block<1x2xbf16> -> !ttl.block<1x1xbf16>
# CHECK: ttl.store %[[T]], %[[S2]] {accumulate} : !ttl.block<1x1xbf16> loc("{{.*}}":20:
# CHECK: ttl.push %[[S2]]
