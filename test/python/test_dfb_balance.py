"""The DFB balance proof (ttl-assign-dfb-indices, DFBLifecycle.cpp) accepts valid programs whose
guards depend on loop indices and core coordinates, whatever the trip counts of loops the
guards do not read (issue 10)."""

import time

import pytest

import ttlang as ttl


def make_accumulate(k_steps):
    """The issue's shape: per-core block ranges `m_per = ceil(m_blocks / rows)`, nested runtime
    ifs on the block bounds, and a compute kernel that both produces and consumes `acc` in a
    K loop (`prev + a` into a fresh block)."""

    @ttl.operation(grid=(8, 8))
    def accumulate(a, c, out):
        a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
        c_dfb = ttl.make_dataflow_buffer_like(c, shape=(1, 1), block_count=2)
        acc = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
        o_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
        col, row = ttl.node(dims=2)
        cols, rows = ttl.grid_size(dims=2)
        m_blocks = out.shape[0] // 32
        n_blocks = out.shape[1] // 32
        m_per = -(-m_blocks // rows)
        n_per = -(-n_blocks // cols)
        for lm in range(m_per):
            mb = row * m_per + lm
            if mb < m_blocks:
                for ln in range(n_per):
                    nb = col * n_per + ln
                    if nb < n_blocks:
                        with c_dfb.reserve() as blk:
                            ttl.copy(c[mb, nb], blk).wait()
                        with c_dfb.wait() as cb, acc.reserve() as o:
                            o.store(cb)
                        for k in range(k_steps):
                            with a_dfb.reserve() as blk:
                                ttl.copy(a[mb, k], blk).wait()
                            with a_dfb.wait() as av, acc.wait() as prev, acc.reserve() as o:
                                o.store(prev + av)
                        with acc.wait() as r, o_dfb.reserve() as o:
                            o.store(r)
                        with o_dfb.wait() as o:
                            ttl.copy(o, out[mb, nb]).wait()

    return accumulate


@pytest.mark.parametrize("k_steps", [33, 34, 64, 4000])
def test_guards_on_block_bounds_around_a_k_loop_balance(k_steps):
    # 64 x 64 blocks on 8 x 8 cores: 8 x 8 blocks per core. Before the fix, 34 or more K steps
    # exhausted the enumeration budget part way through the grid and one core's producers were
    # counted exactly while its consumers were not ("producers push 2240 tiles but consumers
    # pop 64 tiles on core (2, 7)").
    op = make_accumulate(k_steps)
    out = ttl.TensorSpec((64 * 32, 64 * 32))
    start = time.monotonic()
    compiled = op.compile(ttl.TensorSpec((64 * 32, k_steps * 32)), out, out)
    assert [k.function for k in compiled.kernels] == ["accumulate_compute", "accumulate_data_movement"]
    # The guards read lm and ln only: the K loop is not enumerated.
    assert time.monotonic() - start < 5


@ttl.operation(grid=(8, 8))
def guard_over_inner_index(a, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    acc = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    col, row = ttl.node(dims=2)
    for lm in range(48):
        for k in range(64):
            if (row * 8 + col) * 64 + lm * 64 + k < 20000:
                with a_dfb.reserve() as blk:
                    ttl.copy(a[0, 0], blk).wait()
                with a_dfb.wait() as av, acc.reserve() as o:
                    o.store(av)
                with acc.wait() as r:
                    ttl.copy(r, out[0, 0]).wait()


def test_an_exhausted_budget_never_splits_a_producer_from_its_consumer():
    # 48 x 64 = 3072 iterations per occurrence and core: the 262144 of the budget run out at
    # core (2, 5), between the producer and the consumer of a_dfb. That core is analysed
    # without enumeration for both, so the program stays balanced (it was rejected with
    # "producers push 3072 tiles but consumers pop 0 tiles on core (2, 5)").
    spec = ttl.TensorSpec((64, 64))
    compiled = guard_over_inner_index.compile(spec, spec)
    assert len(compiled.kernels) == 2
