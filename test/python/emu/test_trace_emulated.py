"""Seeing into a run on the emulated device (docs/emulator.md, "Tracing a run"):
``device.trace(path)`` and ``ttlang-sim --trace`` write Chrome trace-event JSON whose spans and
counts follow from the program, on a logical clock that does not depend on the host thread
count; a deadlock report lists each blocked kernel's last events, tracing on or off."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import ttlang as ttl
import ttlang.emu as emu
from hand_programs import unary_compute, unary_program
from numerics import BF16
from program_files import load_module

ROOT = pathlib.Path(__file__).resolve().parents[3]
COLS = 2  # tiles per row of the add's 2x2-tile tensors: one row per core of the 1x2 grid
TILE_BYTES = 2048  # a bfloat16 tile


@ttl.operation(grid=(1, 2))
def row_add(a, b, out):
    a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
    out_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

    @ttl.compute()
    def add_tiles():
        for _ in range(COLS):
            with a_dfb.wait() as x, b_dfb.wait() as y, out_dfb.reserve() as o:
                o.store(x + y)

    @ttl.datamovement()
    def reader():
        _, row = ttl.node(dims=2)
        for col in range(COLS):
            with a_dfb.reserve() as x, b_dfb.reserve() as y:
                tx = ttl.copy(a[row, col], x)
                ty = ttl.copy(b[row, col], y)
                tx.wait()
                ty.wait()

    @ttl.datamovement()
    def writer():
        _, row = ttl.node(dims=2)
        for col in range(COLS):
            with out_dfb.wait() as o:
                ttl.copy(o, out[row, col]).wait()


def _run_add(device, rng):
    a, b = (rng.uniform(-1, 1, (64, 64)).astype(np.float32).astype(BF16) for _ in range(2))
    out = device.empty((64, 64))
    row_add(device.tensor(a), device.tensor(b), out)
    np.testing.assert_array_equal(out.to_numpy(), (a.astype(np.float32) + b.astype(np.float32)).astype(BF16))


def _traced_add(emu_cache, rng, path, threads=1):
    device = emu.open_device(cache_dir=emu_cache, threads=threads)
    with device.trace(path) as trace:
        _run_add(device, rng)
    return trace


def _names(trace):
    """The kernels' names (the compiler's) by role: reader, compute, writer."""
    by_role = {k.role: k.kernel for k in trace.runs[0].kernels}
    return by_role["data_movement_1"], by_role["compute"], by_role["data_movement_0"]


def test_the_trace_is_chrome_trace_event_json(emu_cache, rng, tmp_path):
    path = tmp_path / "add.json"
    trace = _traced_add(emu_cache, rng, path)
    data = json.loads(path.read_text())
    events = data["traceEvents"]
    named = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e["ph"] == "M" and e["name"] == "thread_name"}
    assert {e["args"]["name"] for e in events if e["name"] == "process_name"} == {"device 0 (emulated)"}
    # Every kernel on every core has its own named track: three kernels on each of 2 cores.
    tracks = {name for name in named.values() if name != "runs"}
    assert tracks == {f"core (0, {row}) {k}" for row in (0, 1) for k in _names(trace)}
    for e in events:
        assert e["ph"] in ("M", "X", "i")
        if e["ph"] == "M":
            continue
        assert (e["pid"], e["tid"]) in named
        assert isinstance(e["ts"], int) and e["ts"] >= 0 and isinstance(e["name"], str)
        if e["ph"] == "X":
            assert isinstance(e["dur"], int) and e["dur"] >= 0
        else:
            assert e["s"] == "t"
    assert set(data["otherData"]["counts"]) == {f"device 0 {name}" for name in tracks}


def test_the_counts_are_the_programs(emu_cache, rng, tmp_path):
    trace = _traced_add(emu_cache, rng, tmp_path / "add.json")
    # Each core moves one row: COLS tiles of a and of b in, COLS tiles of the sum out, one tile
    # per block, so one push / pop per tile.
    for row in (0, 1):
        reader, compute, writer = (trace.counts[("device 0", (0, row), k)] for k in _names(trace))
        assert reader == {"cb_reserve_back": 2 * COLS, "noc_async_read": 2 * COLS, "cb_push_back": 2 * COLS}
        assert compute["cb_wait_front"] == 2 * COLS and compute["cb_pop_front"] == 2 * COLS
        assert compute["cb_reserve_back"] == COLS and compute["cb_push_back"] == COLS
        assert compute["tiles: pack"] == COLS
        assert writer == {"cb_wait_front": COLS, "noc_async_write": COLS, "cb_pop_front": COLS}
    # The file's counts are the same.
    data = json.loads((tmp_path / "add.json").read_text())
    assert data["otherData"]["counts"][f"device 0 core (0, 1) {_names(trace)[2]}"] == writer


def _spans(data, track, name):
    tids = {(e["pid"], e["tid"]) for e in data["traceEvents"]
            if e["ph"] == "M" and e["name"] == "thread_name" and e["args"]["name"] == track}
    return sorted((e for e in data["traceEvents"] if e["ph"] != "M" and (e["pid"], e["tid"]) in tids
                   and e["name"] == name), key=lambda e: e["ts"])


def test_transfers_name_the_other_end_and_waits_follow_the_pushes(emu_cache, rng, tmp_path):
    device = emu.open_device(cache_dir=emu_cache, threads=1)
    a, b = (device.tensor(rng.uniform(-1, 1, (64, 64)).astype(np.float32).astype(BF16)) for _ in range(2))
    out = device.empty((64, 64))
    with device.trace(tmp_path / "add.json") as trace:
        row_add(a, b, out)
    data = json.loads((tmp_path / "add.json").read_text())
    reader, compute, writer = _names(trace)
    banks = 12  # wormhole_b0; page p of an interleaved tensor is in bank p % banks
    reads = _spans(data, f"core (0, 1) {reader}", "noc_async_read")
    # Row 1's tiles are pages 2 and 3 of a and of b, read a then b per column.
    expected = [f"DRAM bank {(COLS + col) % banks} address {hex(t.buffer_address())}"
                for col in range(COLS) for t in (a, b)]
    assert [r["args"]["from"] for r in reads] == expected
    assert all(r["args"]["bytes"] == TILE_BYTES for r in reads)
    writes = _spans(data, f"core (0, 1) {writer}", "noc_async_write")
    assert [w["args"]["to"] for w in writes] == [
        f"DRAM bank {(COLS + col) % banks} address {hex(out.buffer_address())}" for col in range(COLS)]
    # The writer's k-th wait ends no earlier than the compute kernel's k-th push (one page
    # each), on the logical clock.
    pushes = _spans(data, f"core (0, 1) {compute}", "cb_push_back")
    waits = _spans(data, f"core (0, 1) {writer}", "cb_wait_front")
    assert len(pushes) == len(waits) == COLS
    for push, wait in zip(pushes, waits):
        assert wait["ts"] + wait["dur"] >= push["ts"] + 1
    assert waits[0]["dur"] > 0  # the writer starts waiting before anything is computed


def _event_arrays(trace):
    return {(k.core, k.kernel): k.events[["start", "end", "kind", "a", "b"]].tolist()
            for run in trace.runs for k in run.kernels}


def test_counts_and_clock_do_not_depend_on_the_host_thread_count(emu_cache, tmp_path):
    # tt-lang's matmul example on its 2x2 grid: circular buffers and NoC reads only, so the
    # logical clock, not only the counts, is the same on 1, 2 and 3 threads and in either
    # schedule.
    example = load_module(ROOT / "examples" / "matmul_bias_relu.py", "trace_matmul_bias_relu")
    rng = np.random.default_rng(7)
    arrays = [rng.standard_normal(s).astype(np.float32).astype(BF16) for s in ((128, 128), (128, 128), (128, 128))]
    traces = {}
    for threads, schedule in ((1, "forward"), (2, "forward"), (3, "forward"), (2, "reverse")):
        device = emu.open_device(cache_dir=emu_cache, threads=threads, schedule=schedule)
        tensors = [device.tensor(x) for x in arrays]
        with device.trace() as traces[threads, schedule]:
            example.matmul_bias_relu(*tensors, device.empty((128, 128)))
    first, *others = traces.values()
    for other in others:
        assert other.counts == first.counts
        assert _event_arrays(other) == _event_arrays(first)
    traces = {1: first}
    # 2x2 output blocks of 2x2 tiles, one per core, K in 2 blocks: each compute kernel
    # multiplies 2 (M) x 2 (N) x 4 (K) tile pairs.
    for core in ((0, 0), (1, 0), (0, 1), (1, 1)):
        assert traces[1].counts[("device 0", core, "compute")]["tiles: matmul"] == 2 * 2 * 4


def _deadlocking(device, pages):
    """unary_program whose compute kernel waits for 2 pages per step and pops 1: with an odd
    page count its last step waits for a page nobody pushes."""
    src = device.tensor(np.ones((32, 32 * pages), np.float32).astype(BF16))
    dst = device.empty((32, 32 * pages))
    compute = unary_compute("").replace("cb_wait_front(0, 1)", "cb_wait_front(0, 2)")
    return [src, dst], unary_program(src, dst, compute).descriptor()


def _expected_recent(per_step, steps):
    """The last 8 of `steps` repetitions of one step's events, numbered."""
    events = [e for _ in range(steps) for e in per_step]
    numbered = [f"#{i} {e}" for i, e in enumerate(events)]
    return tuple(numbered[-emu.device._emu.RECENT_EVENTS:])


@pytest.mark.parametrize("traced", [False, True], ids=["tracing-off", "tracing-on"])
def test_a_deadlock_report_lists_each_blocked_kernels_last_events(emu_cache, tmp_path, traced):
    device = emu.open_device(cache_dir=emu_cache)
    tensors, program = _deadlocking(device, pages=3)
    trace = device.trace(tmp_path / "deadlock.json") if traced else None
    with pytest.raises(emu.DeadlockError) as failure:
        device.execute(tensors, program, kernel_names=["reader", "compute", "writer"])
    if trace is not None:
        trace.close()
    blocked = {b.kernel: b for b in failure.value.blocked}
    # The compute kernel's steps (unary_compute's loop body), then it waits for a third page
    # pair; it got through 2 steps of 3 pages.
    step = ["cb_wait_front(cb 0, 2 pages)", "cb_reserve_back(cb 16, 1 page)", "copy: 1 tile",
            "pack: 1 tile", "cb_push_back(cb 16, 1 page)", "cb_pop_front(cb 0, 1 page)"]
    assert blocked["compute"].recent_events == _expected_recent(step, 2)
    # The writer wrote the 2 pages it got (pages 0 and 1: DRAM banks 0 and 1).
    dst = tensors[1]
    writes = [[ "cb_wait_front(cb 16, 1 page)",
                f"noc_async_write(2048 B to DRAM bank {p} address {hex(dst.buffer_address())})",
                "cb_pop_front(cb 16, 1 page)"] for p in range(2)]
    assert blocked["writer"].recent_events == tuple(f"#{i} {e}" for i, e in enumerate(sum(writes, [])))
    assert "      #11 cb_pop_front(cb 0, 1 page)" in str(failure.value)
    if traced:  # the failed run is in the trace, up to where it stopped
        data = json.loads((tmp_path / "deadlock.json").read_text())
        assert len(_spans(data, "core (0, 0) compute", "cb_pop_front")) == 2
        assert [e["args"]["outcome"] for e in data["traceEvents"] if e.get("cat") == "run"] == ["deadlock"]


def test_tracing_ends_with_the_context(emu_cache, rng, tmp_path):
    device = emu.open_device(cache_dir=emu_cache)
    with device.trace(tmp_path / "one.json") as trace:
        _run_add(device, rng)
        _run_add(device, rng)
    _run_add(device, rng)  # not traced
    assert len(trace.runs) == 2
    assert trace.runs[1].offset > trace.runs[0].offset + trace.runs[0].length - 1
    with pytest.raises(ValueError, match="already being traced"):
        with device.trace():
            emu.Trace().attach(device)


def test_ttlang_sim_writes_the_trace(emu_cache, tmp_path):
    script = tmp_path / "add.py"
    script.write_text(textwrap.dedent("""
        import numpy as np
        import ttnn
        import ttl

        @ttl.operation(grid=(1, 1))
        def add(a, b, out):
            a_dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
            b_dfb = ttl.make_dataflow_buffer_like(b, shape=(1, 1), block_count=2)
            out_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)

            @ttl.compute()
            def compute():
                with a_dfb.wait() as x, b_dfb.wait() as y, out_dfb.reserve() as o:
                    o.store(x + y)

            @ttl.datamovement()
            def reader():
                with a_dfb.reserve() as x, b_dfb.reserve() as y:
                    tx = ttl.copy(a[0, 0], x)
                    ty = ttl.copy(b[0, 0], y)
                    tx.wait()
                    ty.wait()

            @ttl.datamovement()
            def writer():
                with out_dfb.wait() as o:
                    ttl.copy(o, out[0, 0]).wait()

        device = ttnn.open_device(device_id=0)
        args = dict(dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
        a = ttnn.from_torch(np.ones((32, 32), np.float32), **args)
        b = ttnn.from_torch(np.ones((32, 32), np.float32), **args)
        out = ttnn.from_torch(np.zeros((32, 32), np.float32), **args)
        for _ in range(3):
            add(a, b, out)
        ttnn.close_device(device)
    """))
    env = {**os.environ, "PYTHONPATH": str(ROOT / "python")}
    done = subprocess.run([sys.executable, "-m", "ttlang.sim", str(script), "--cache-dir", str(emu_cache),
                           "--trace", str(tmp_path / "sim.json")], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"trace of 3 run(s) written to {tmp_path / 'sim.json'}" in done.stderr
    data = json.loads((tmp_path / "sim.json").read_text())
    assert [e["name"] for e in data["traceEvents"] if e.get("cat") == "run"] == ["run 1", "run 2", "run 3"]
    # 3 runs of one tile each: the reader (the kernel reading) pushed 2 tiles per run, the
    # writer wrote 1.
    counts = data["otherData"]["counts"]
    (reader,) = (c for c in counts.values() if "noc_async_read" in c)
    (writer,) = (c for c in counts.values() if "noc_async_write" in c)
    assert reader == {"cb_reserve_back": 2 * 3, "noc_async_read": 2 * 3, "cb_push_back": 2 * 3}
    assert writer == {"cb_wait_front": 3, "noc_async_write": 3, "cb_pop_front": 3}
