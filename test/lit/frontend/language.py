# RUN: %python %s | FileCheck %s
# Frontend constructs before any pass (Operation.build_ir): scalar arithmetic folded at compile
# time or emitted as arith, for/range, runtime and static if/else, several items in one with,
# closures over ints, handles and DFBs, selectors (|, tuples), node(dims=1).
import ttlang as ttl

TILE = 32


def make(block_count, use_relu):
    mover = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)

    @ttl.operation(grid=(2, 1))
    def lang(a, out):
        dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=block_count)
        res = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=block_count)
        tiles = a.shape[0] // TILE * 2
        idx = ttl.node(dims=1)
        for i in range(1, tiles, 2):
            if i % 3 == idx:
                with dfb.reserve() as blk:
                    ttl.copy(a[i // 2, 0], blk, kernel=mover).wait()
            else:
                blk = dfb.reserve()
                both = ttl.KernelKind.COMPUTE | ttl.KernelKind.DATA_MOVEMENT
                ttl.copy(a[0:1, 0:1], blk, kernel=(both, mover))
                blk.push(kernel=ttl.KernelKind.DATA_MOVEMENT)
            with dfb.wait() as x, res.reserve() as y:
                if use_relu:
                    y.store(ttl.math.relu(x) * x)
                else:
                    y.store(-x)
            w = res.wait()
            w.pop(kernel=(mover,))

    return lang


spec = ttl.TensorSpec((64, 32))
print(make(3, True).build_ir(spec, spec))

# CHECK-LABEL: func.func @lang
# CHECK-SAME: ttl.grid = array<i64: 2, 1>
# CHECK: %[[DFB:.*]] = ttl.create_dfb : !ttl.dfb<1x1xbf16, 3> loc("{{.*}}language.py":15:15)
# CHECK: ttl.create_dfb : !ttl.dfb<1x1xbf16, 3>
# node(dims=1) is col * rows + row (tt-lang's order: the row varies fastest); rows = 1 here
# CHECK: %[[COL:.*]] = ttl.node 0
# CHECK: %[[ROW:.*]] = ttl.node 1
# CHECK: %[[ONE:.*]] = arith.constant 1 : index
# CHECK: %[[M:.*]] = arith.muli %[[COL]], %[[ONE]] : index
# CHECK: %[[IDX:.*]] = arith.addi %[[M]], %[[ROW]] : index
# tiles = 64 // 32 * 2 = 4 was folded: range(1, 4, 2)
# CHECK: %[[LB:.*]] = arith.constant 1 : index
# CHECK: %[[UB:.*]] = arith.constant 4 : index
# CHECK: %[[ST:.*]] = arith.constant 2 : index
# CHECK: scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[ST]] {
# i % 3 is Python's floor remainder, ttl.floor_mod (expanded in C++, as `//` is).
# CHECK: %[[THREE:.*]] = arith.constant 3 : index
# CHECK: %[[REM:.*]] = ttl.floor_mod %[[I]], %[[THREE]] : index
# CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[REM]], %[[IDX]] : index
# CHECK: scf.if %[[EQ]] {
# CHECK: %[[BLK:.*]] = ttl.reserve %[[DFB]]
# CHECK: arith.floordivsi %[[I]]
# CHECK: ttl.load_tiles {{.*}} {ttl.kernels = [#ttl.kernel<data_movement, "mover", "__main__.make.<locals>.lang:{{[0-9a-f]+}}">]}
# CHECK: ttl.transfer_wait
# CHECK: ttl.push %[[BLK]] : !ttl.block<1x1xbf16>
# CHECK: } else {
# CHECK: ttl.load_tiles {{.*}} {ttl.kernels = [#ttl.kernel<compute>, #ttl.kernel<data_movement>, #ttl.kernel<data_movement, "mover", "{{.*}}">]}
# CHECK: ttl.push %{{.*}} {ttl.kernels = [#ttl.kernel<data_movement>]}
# CHECK: } loc("{{.*}}language.py":20:13)
# Static if: only the relu branch is emitted.
# CHECK: %[[X:.*]] = ttl.wait
# CHECK: %[[Y:.*]] = ttl.reserve
# CHECK: %[[R:.*]] = ttl.relu %[[X]]
# CHECK: %[[P:.*]] = ttl.mul %[[R]], %[[X]]
# CHECK: ttl.store %[[P]], %[[Y]]
# CHECK-NOT: ttl.neg
# CHECK: ttl.push %[[Y]]
# CHECK-NEXT: ttl.pop %[[X]]
# CHECK: ttl.pop %{{.*}} {ttl.kernels = [#ttl.kernel<data_movement, "mover", "__main__.make.<locals>.lang:{{[0-9a-f]+}}">]}
# CHECK: } loc("{{.*}}language.py":19:9)
# CHECK: func.return
