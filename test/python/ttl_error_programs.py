"""Invalid TT-Lang programs for test_frontend_errors.py. Each error line carries a marker
comment `# E:<case>` so the test can check the reported line."""

import ttlang as ttl

TILE = 32


@ttl.operation(grid=(1, 1))
def uses_while(a):
    n = 0
    while n < 2:  # E:while
        n += 1


@ttl.operation(grid=(1, 1))
def undefined_name(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=nope)  # E:undefined


@ttl.operation(grid=(1, 1))
def reserve_with_kernel(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    blk = dfb.reserve(kernel=ttl.KernelKind.DATA_MOVEMENT)  # E:reserve_kernel


@ttl.operation(grid=(1, 1))
def slice_extent(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 2), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(a[0:1, 0:1], blk).wait()  # E:extent


@ttl.operation(grid=(1, 1))
def store_into_waited(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with dfb.wait() as blk:
        blk.store(blk)  # E:store_waited


def make_kind_mismatch():
    reader = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)

    @ttl.operation(grid=(1, 1))
    def kind_mismatch(a):
        @ttl.compute(kernel=reader)  # E:thread_kind
        def body():
            pass

    return kind_mismatch


kind_mismatch = make_kind_mismatch()


def make_three_movers():
    r1 = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)
    r2 = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)

    @ttl.operation(grid=(1, 1))
    def three_movers(a):  # E:capacity
        dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
        with dfb.reserve() as x:
            ttl.copy(a[0, 0], x, kernel=r1).wait()
        with dfb.reserve() as y:
            ttl.copy(a[0, 0], y, kernel=r2).wait()
        with dfb.reserve() as z:
            ttl.copy(a[0, 0], z).wait()

    return three_movers


three_movers = make_three_movers()


def make_explicit_three_movers():
    r1 = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)

    @ttl.operation(grid=(1, 1))
    def explicit_three_movers(a):  # E:capacity_explicit
        @ttl.datamovement()
        def one():
            pass

        @ttl.datamovement(kernel=r1)
        def two():
            pass

        @ttl.datamovement()
        def three():
            pass

    return explicit_three_movers


explicit_three_movers = make_explicit_three_movers()


@ttl.operation(grid=(1, 1))
def release_only(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    blk = dfb.wait()  # E:release_only
    blk.pop()


@ttl.operation(grid=(1, 1))
def conflicting_release(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    blk = dfb.wait()
    ttl.copy(blk, a[0, 0]).wait()
    blk.pop(kernel=ttl.KernelKind.COMPUTE)  # E:conflicting_release


@ttl.operation(grid=(1, 1))
def loop_carried(a):
    shape = (1, 1)
    for i in range(4):
        shape = (i, i)  # E:loop_carried


@ttl.operation(grid=(1, 1))
def kernel_in_loop(a):
    for i in range(2):
        k = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)  # E:kernel_in_loop


def make_unbound():
    handles = (ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT),)

    @ttl.operation(grid=(1, 1))
    def unbound(a):
        dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
        with dfb.reserve() as x:
            ttl.copy(a[0, 0], x, kernel=handles[0]).wait()  # E:unbound

    return unbound


unbound = make_unbound()


@ttl.operation(grid=(1, 1))
def slice_outside(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with dfb.reserve() as x:
        ttl.copy(a[5, 0], x).wait()  # E:slice_outside


@ttl.operation(grid=(1, 1))
def tensor_to_tensor(a, b):
    ttl.copy(a[0, 0], b[0, 0])  # E:tensor_to_tensor


@ttl.operation(grid=(1, 1))
def math_mismatch(a, b):
    x_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    with x_dfb.wait() as x, y_dfb.wait() as y, x_dfb.reserve() as o:
        o.store(x + y)  # E:math_mismatch


@ttl.operation(grid=(1, 1))
def push_selector_tuple(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    blk = dfb.reserve()
    blk.push(kernel=ttl.KernelKind.COMPUTE | ttl.KernelKind.DATA_MOVEMENT)  # E:push_two


@ttl.operation(grid=(1, 1))
def thread_in_loop(a):
    for i in range(2):
        @ttl.compute()
        def body():  # E:thread_in_loop
            pass


@ttl.operation(grid=(1, 1))
def returns_value(a):
    return a  # E:returns_value


@ttl.operation(grid=(1, 1))
def bad_selector(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    blk = dfb.wait()
    blk.pop(kernel="compute")  # E:bad_selector


@ttl.operation(grid=(1, 1))
def runtime_to_python(a):
    col, row = ttl.node(dims=2)
    n = divmod(col, 2)  # E:runtime_to_python


@ttl.operation(grid=(1, 1))
def store_shape_mismatch(a, b):
    x_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    y_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 2), block_count=2)
    with x_dfb.wait() as x, y_dfb.reserve() as o:
        o.store(x)  # E:store_shape


@ttl.operation(grid=(2, 1))
def runtime_floordiv_zero(a):
    col, row = ttl.node(dims=2)
    n = col // 0  # E:runtime_floordiv_zero


@ttl.operation(grid=(2, 1))
def runtime_modulo_zero(a):
    col, row = ttl.node(dims=2)
    n = col % (1 - 1)  # E:runtime_modulo_zero


@ttl.operation(grid=(100, 100))
def grid_beyond_target(a):  # E:grid_beyond_target
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(a[0, 0], blk).wait()
    with dfb.wait() as blk:
        ttl.copy(blk, a[0, 0]).wait()


@ttl.operation(grid=(1, 1))
def dfb_beyond_l1(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=1048576)  # E:dfb_beyond_l1
    with dfb.reserve() as blk:
        ttl.copy(a[0, 0], blk).wait()
    with dfb.wait() as blk:
        ttl.copy(blk, a[0, 0]).wait()


@ttl.operation(grid=(1, 1))
def scalar_not_finite_in_f32(a, out):
    x_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    with x_dfb.wait() as x, o_dfb.reserve() as o:
        o.store(x * 1e300)  # E:scalar_not_finite_in_f32


@ttl.operation(grid=(1, 1))
def scalar_int_too_large(a, out):
    x_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    with x_dfb.wait() as x, o_dfb.reserve() as o:
        o.store(x + 10**400)  # E:scalar_int_too_large


@ttl.operation(grid=(1, 1))
def tile_index_too_large(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(a[2**70, 0], blk).wait()  # E:tile_index_too_large
    with dfb.wait() as blk:
        ttl.copy(blk, a[0, 0]).wait()


@ttl.operation(grid=(1, 1))
def range_too_large(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    for i in range(2**64):  # E:range_too_large
        with dfb.reserve() as blk:
            ttl.copy(a[0, 0], blk).wait()
        with dfb.wait() as blk:
            ttl.copy(blk, a[0, 0]).wait()


@ttl.operation(grid=(1, 1))
def block_count_too_large(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2**64)  # E:block_count_too_large


@ttl.operation(grid=(2, 1))
def runtime_offset_too_large(a):
    col, row = ttl.node(dims=2)
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(a[col + 2**63, 0], blk).wait()  # E:runtime_offset_too_large
    with dfb.wait() as blk:
        ttl.copy(blk, a[0, 0]).wait()


@ttl.operation(grid=(1, 1))
def carried_sum_read_twice(a, b, out, neg):
    # Issue 32: the sum is the reserved block's value only once it is stored; a second read
    # would need the block value after the loop.
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    n_dfb = ttl.make_dataflow_buffer_like(neg, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        with o_dfb.reserve() as out_blk, n_dfb.reserve() as neg_blk:
            acc = ttl.block.fill(0, shape=out_blk.shape)
            for _ in range(2):
                with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk:
                    acc += a_blk @ b_blk
            out_blk.store(acc)
            neg_blk.store(ttl.block.fill(0, shape=neg_blk.shape) - acc)  # E:carried_sum_read_twice


@ttl.operation(grid=(1, 1))
def carried_product(a, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        with o_dfb.reserve() as out_blk:
            acc = ttl.block.fill(1, shape=out_blk.shape)
            for _ in range(2):
                with a_dfb.wait() as a_blk:
                    acc *= a_blk  # E:carried_product
            out_blk.store(acc)


@ttl.operation(grid=(1, 1))
def carried_sum_reserved_after(a, b, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        acc = ttl.block.fill(0, shape=(1, 1))
        for _ in range(2):
            with a_dfb.wait() as a_blk, b_dfb.wait() as b_blk:
                acc += a_blk @ b_blk
        with o_dfb.reserve() as out_blk:
            out_blk.store(acc)  # E:carried_sum_reserved_after


@ttl.operation(grid=(1, 1))
def block_out_of_loop(a, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        with o_dfb.reserve() as out_blk:
            last = ttl.block.fill(0, shape=out_blk.shape)
            for _ in range(2):
                with a_dfb.wait() as a_blk:
                    last = ttl.math.exp(a_blk)  # E:block_out_of_loop
            out_blk.store(last)


@ttl.operation(grid=(1, 1))
def block_out_of_if(a, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        with a_dfb.wait() as a_blk, o_dfb.reserve() as out_blk:
            value = a_blk * 2.0
            if ttl.node(dims=1) == 0:
                value = ttl.math.exp(a_blk)
            out_blk.store(value)  # E:block_out_of_if


@ttl.operation(grid=(1, 1))
def block_math_after_release(a, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        with o_dfb.reserve() as out_blk:
            acc = ttl.block.fill(1.0, shape=out_blk.shape)
            with a_dfb.wait() as a_blk:
                acc += a_blk
            out_blk.store(acc)  # E:block_math_after_release


@ttl.operation(grid=(1, 1))
def prints_in_kernel(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)

    @ttl.compute()
    def compute():
        with dfb.wait() as blk:
            print("tile", blk * 2.0)  # E:prints_in_kernel


@ttl.operation(grid=(1, 1))
def prints_outside_thread(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    print("made", dfb)  # E:prints_outside_thread


@ttl.operation(grid=(1, 1))
def prints_thread_in_data_movement(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def read():
        with dfb.reserve() as blk:
            print("read", thread="pack")  # E:prints_thread_in_data_movement
            ttl.copy(a[0, 0], blk).wait()


@ttl.operation(grid=(1, 1))
def prints_without_newline(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def read():
        with dfb.reserve() as blk:
            print("read", end="")  # E:prints_without_newline
            ttl.copy(a[0, 0], blk).wait()


@ttl.operation(grid=(1, 1))
def fstring_assert(a):
    # tt-lang 1.1 scripts check shapes with f-string messages: formatted at compile time.
    rows = a.shape[0] // ttl.TILE_SHAPE[0]
    assert rows % 3 == 0, f"rows ({rows}) must be a multiple of {3:>2}, got {a.shape!r}"  # E:fstring_assert


@ttl.operation(grid=(1, 1))
def fstring_runtime(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def read():
        x = ttl.node(dims=1)
        name = f"core {x:4d}"  # E:fstring_runtime
        with dfb.reserve() as blk:
            ttl.copy(a[0, 0], blk).wait()
