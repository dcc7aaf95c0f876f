# RUN: %python %s | FileCheck %s
# The element-wise math beyond + - * /: ttl.math.gelu / silu / square / exp2, pow and ** with a
# compile-time exponent (ttl.pow_scalar, the exponent as f32), max / min (also spelled maximum /
# minimum), the comparisons eq ne lt le gt ge, where, and builtin abs() (ttl.abs).
import ttlang as ttl


@ttl.operation(grid=(1, 1))
def math_ops(a, b, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    with a_dfb.wait() as x, b_dfb.wait() as y, o_dfb.reserve() as o:
        u = ttl.math.exp2(ttl.math.square(ttl.math.silu(ttl.math.gelu(x))))
        p = ttl.math.pow(u, 2) + x ** 0.5
        m = ttl.math.minimum(ttl.math.max(p, y), ttl.math.maximum(x, ttl.math.min(x, y)))
        c = ttl.math.eq(ttl.math.ne(x, y), ttl.math.lt(ttl.math.le(x, y), ttl.math.gt(ttl.math.ge(x, y), y)))
        o.store(ttl.math.where(c, m, abs(y)))


spec = ttl.TensorSpec((32, 32))
print(math_ops.build_ir(spec, spec, spec))
# CHECK: %[[X:.*]] = ttl.wait
# CHECK: %[[Y:.*]] = ttl.wait
# CHECK: %[[G:.*]] = ttl.gelu %[[X]] : !ttl.block<1x1xbf16> loc("{{.*}}eltwise_math.py":14:
# CHECK: %[[S:.*]] = ttl.silu %[[G]]
# CHECK: %[[Q:.*]] = ttl.square %[[S]]
# CHECK: %[[U:.*]] = ttl.exp2 %[[Q]]
# CHECK: %[[P2:.*]] = ttl.pow_scalar %[[U]], 2.000000000e+00 : !ttl.block<1x1xbf16> loc("{{.*}}":15:
# CHECK: %[[PH:.*]] = ttl.pow_scalar %[[X]], 5.000000000e-01
# CHECK: %[[P:.*]] = ttl.add %[[P2]], %[[PH]]
# CHECK: %[[MX:.*]] = ttl.max %[[P]], %[[Y]]
# CHECK: %[[MN:.*]] = ttl.min %[[X]], %[[Y]]
# CHECK: %[[MX2:.*]] = ttl.max %[[X]], %[[MN]]
# CHECK: %[[M:.*]] = ttl.min %[[MX]], %[[MX2]]
# CHECK: %[[NE:.*]] = ttl.ne %[[X]], %[[Y]]
# CHECK: %[[LE:.*]] = ttl.le %[[X]], %[[Y]]
# CHECK: %[[GE:.*]] = ttl.ge %[[X]], %[[Y]]
# CHECK: %[[GT:.*]] = ttl.gt %[[GE]], %[[Y]]
# CHECK: %[[LT:.*]] = ttl.lt %[[LE]], %[[GT]]
# CHECK: %[[C:.*]] = ttl.eq %[[NE]], %[[LT]]
# CHECK: %[[ABS:.*]] = ttl.abs %[[Y]]
# CHECK: %[[W:.*]] = ttl.where %[[C]], %[[M]], %[[ABS]] : !ttl.block<1x1xbf16>
# CHECK: ttl.store %[[W]]
