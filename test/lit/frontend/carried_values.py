# RUN: %python %s | FileCheck %s
# Integers and booleans assigned inside a loop or runtime if and defined outside become
# loop-carried values (scf.for iter_args) and if results; after the split, the kernel that
# uses them keeps the loop with its arithmetic.
import ttlang as ttl


@ttl.operation(grid=(1, 1))
def carried(a, out):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    col, row = ttl.node(dims=2)
    r = row
    for i in range(2):
        if i == col:
            r += 1
        with dfb.reserve() as blk:
            ttl.copy(a[r, 0], blk).wait()
        with dfb.wait() as blk:
            ttl.copy(blk, out[r, 0]).wait()


spec = ttl.TensorSpec((128, 32))
print(carried.build_ir(spec, spec))
print(carried.compile(spec, spec).ir)

# CHECK-LABEL: func.func @carried
# CHECK: %[[ROW:.*]] = ttl.node 1
# CHECK: %[[FOR:.*]]:1 = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[R:.*]] = %[[ROW]]) -> (index) {
# CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[I]]
# CHECK: %[[IF:.*]]:1 = scf.if %[[EQ]] -> (index) {
# CHECK: %[[INC:.*]] = arith.addi %[[R]], %{{.*}} : index
# CHECK: scf.yield %[[INC]] : index
# CHECK: } else {
# CHECK: scf.yield %[[R]] : index
# CHECK: }
# CHECK: ttl.load_tiles %arg0[%[[IF]]#0,
# CHECK: ttl.store_tiles %{{.*}}, %arg1[%[[IF]]#0,
# CHECK: scf.yield %[[IF]]#0 : index

# CHECK-LABEL: func.func @carried_data_movement
# CHECK: = scf.for {{.*}} iter_args
# CHECK: scf.if {{.*}} -> (index)
# CHECK: ttl.load_tiles
# CHECK: ttl.store_tiles
# CHECK-NOT: func.func
