"""ttl.Pipe / ttl.PipeNet / ttl.GroupTransfer at compile time: the IR the frontend builds, the
kernels (which pass the real-header check), the semaphores the artifact declares, and the
errors at the user's line when a pipe's source and destinations do not match."""

from __future__ import annotations

import inspect
import pathlib
import sys

import pytest
from error_markers import marker_line
from kernel_results import assert_pass_without_warnings
from program_files import load_module

import ttlang as ttl
from ttlang.testing.kernel_check import artifact_jobs, run_jobs

HERE = pathlib.Path(__file__).resolve()
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "test" / "python" / "emu"))
import pipe_programs as programs  # noqa: E402

T = ttl.TensorSpec
ONE_ROW = ttl.PipeNet([ttl.Pipe(src=(0, 0), dst=(slice(1, 3), 0))])


def systolic():
    return load_module(ROOT / "examples" / "matmul_systolic_pipes.py", "matmul_systolic_pipes")


def test_pipe_copies_become_pipe_ops_with_the_pipe():
    text = programs.multicast_abs.build_ir(T((64, 64)), T((64, 256)))
    assert "ttl.pipe_send" in text and "ttl.pipe_recv" in text
    # tt-lang 1.1.1's positional Pipe((0, 0), (slice(1, 4), 0)), made outside the body.
    source = inspect.getsourcefile(programs)
    assert f'src (0, 0), dst (1, 0) to (3, 0), "{source}:' in text


@pytest.mark.parametrize(
    "operation, specs, semaphores",
    [
        (programs.unicast_copy, (T((96, 64)), T((96, 64))), 4),
        (programs.multicast_abs, (T((64, 64)), T((64, 256))), 4),
        (None, (T((256, 256)), T((256, 256)), T((256, 256))), 7),
        # 1-D pipes: flag, 2 nets, 2 per pipe node 0 sends (one in each net).
        (programs.linear_fan_out, (T((32, 32)), T((32, 192))), 7),
        # A net from a list comprehension in the body: its two sources share their 2.
        (programs.row_casts_from_comprehension, (T((64, 32)), T((64, 96))), 4),
        # A 1-D run split into three rectangles (one handshake) and a net of two unicasts
        # from node 0: flag, 2 nets, 2 + 2 * 2.
        (programs.run_fan_out, (T((32, 32)), T((32, 288))), 9),
    ],
    ids=["unicast", "multicast", "systolic", "linear", "comprehension", "node_run"],
)
def test_pipe_kernels_pass_the_real_header_check(toolchain, operation, specs, semaphores):
    operation = operation or systolic().matmul_systolic
    artifact = operation.compile(*specs).artifact
    assert artifact.compiler_semaphore_count == semaphores
    senders = [k for k in artifact.kernels if "ttlang::pipe_send(" in k.source]
    receivers = [k for k in artifact.kernels if "ttlang::pipe_receive(" in k.source]
    assert senders and receivers
    assert_pass_without_warnings(run_jobs(artifact_jobs(artifact), toolchain))


def test_systolic_kernels_multicast_along_rows_and_columns():
    artifact = systolic().matmul_systolic.compile(T((256, 256)), T((256, 256)), T((256, 256))).artifact
    # Row sources (0, m) send to (1..3, m), column sources (n, 0) to (n, 1..3); one pipe each.
    rectangles = {(spec.src, spec.dst) for spec in artifact.pipe_semaphores}
    assert rectangles == {((0, m), ((1, m, 3, m),)) for m in range(4)} | {
        ((n, 0), ((n, 1, n, 3),)) for n in range(4)
    }


@ttl.operation(grid=(3, 1))
def sends_twice(inp, out):
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def mover():
        for _ in range(2):
            with dfb.reserve() as blk:

                def send(pipe):
                    ttl.copy(inp[0, 0], blk).wait()
                    ttl.copy(blk, pipe).wait()  # E:sends_twice

                ONE_ROW.if_src(send)
        with dfb.reserve() as blk:

            def receive(pipe):
                ttl.copy(pipe, blk).wait()

            ONE_ROW.if_dst(receive)
        for _ in range(2):
            with dfb.wait() as blk:
                ttl.copy(blk, out[0, 0]).wait()


@ttl.operation(grid=(2, 1))
def sends_in_receiver_callback(inp):
    net = ttl.PipeNet([ttl.Pipe(src=(0, 0), dst=(1, 0))])
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def mover():
        with dfb.reserve() as blk:

            def receive(pipe):
                ttl.copy(blk, pipe).wait()  # E:sends_in_receiver_callback

            net.if_dst(receive)


@ttl.operation(grid=(4, 1))
def sends_to_itself(inp):
    net = ttl.PipeNet([ttl.Pipe(src=(1, 0), dst=(slice(0, 4), 0))])  # E:sends_to_itself
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def mover():
        with dfb.reserve() as blk:

            def send(pipe):
                ttl.copy(blk, pipe).wait()

            net.if_src(send)


@ttl.operation(grid=(2, 1))
def bad_slice(inp):
    net = ttl.PipeNet([ttl.Pipe(src=(0, 0), dst=(slice(1, None), 0))])  # E:bad_slice


def test_mixed_unicast_and_multicast_net_is_rejected():
    with pytest.raises(ValueError, match="may not mix unicast and multicast"):
        ttl.PipeNet([ttl.Pipe(src=(0, 0), dst=(1, 0)), ttl.Pipe(src=(0, 1), dst=(slice(1, 3), 1))])


def test_group_transfer_waits_once_for_its_transfers():
    text = programs.group_read.build_ir(T((32, 64)), T((32, 64)), T((32, 64)))
    body = text[text.index("ttl.load_tiles"):]
    # Both reads start before the first wait.
    assert body.index("ttl.load_tiles", 1) < body.index("ttl.transfer_wait")


def test_group_transfer_kernels_pass_the_real_header_check(toolchain):
    """Both reads of a step issued before one wait for the pair: the reader kernel has both
    tile reads before its (one) read barrier."""
    artifact = programs.group_read.compile(T((32, 64)), T((32, 64)), T((32, 64))).artifact
    (reader,) = [k for k in artifact.kernels if k.source.count("noc_async_read_page(") >= 2]
    body = reader.source[reader.source.index("noc_async_read_page("):]
    assert body.index("noc_async_read_page(", 1) < body.index("noc_async_read_barrier(")
    assert_pass_without_warnings(run_jobs(artifact_jobs(artifact), toolchain))


@ttl.operation(grid=(1, 1))
def group_added_after_wait(a):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with dfb.reserve() as blk:
        group = ttl.GroupTransfer()
        group.wait_all()
        group.add(ttl.copy(a[0, 0], blk))  # E:group_added_after_wait


@ttl.operation(grid=(1, 1))
def group_waited_after_release(a, out):
    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(a[0, 0], blk).wait()
    group = ttl.GroupTransfer()
    with dfb.wait() as blk:
        group.add(ttl.copy(blk, out[0, 0]))
    group.wait_all()  # E:group_waited_after_release


def test_linear_pipes_are_runs_of_cores_on_the_grid():
    """Linear node n is (n // rows, n % rows): nodes 1..2 of a 2 x 3 grid are the run (0, 1)
    through (0, 2), nodes 3..5 (1, 0) through (1, 2); each is one rectangle."""
    text = programs.linear_fan_out.build_ir(T((32, 32)), T((32, 192)))
    assert "src (0, 0), dst (0, 1) through (0, 2)" in text
    assert "src (0, 0), dst (1, 0) through (1, 2)" in text
    artifact = programs.linear_fan_out.compile(T((32, 32)), T((32, 192))).artifact
    assert {spec.dst for spec in artifact.pipe_semaphores} == {((0, 1, 0, 2),), ((1, 0, 1, 2),)}


def test_a_run_of_nodes_that_is_no_rectangle_is_multicast_to_its_rectangles():
    """Nodes 2..7 of a 3 x 3 grid: ttl-plan-pipes splits the run into (0, 2), column 1 and
    (2, 0..1); the source waits once for all 6 receivers, then writes each rectangle (a
    unicast write for the single core)."""
    artifact = programs.run_fan_out.compile(T((32, 32)), T((32, 288))).artifact
    (run,) = [spec for spec in artifact.pipe_semaphores if "through" in spec.description]
    assert run.src == (0, 0)
    assert run.dst == ((0, 2, 0, 2), (1, 0, 1, 2), (2, 0, 2, 1))
    assert "pipe (0, 0) -> (0, 2) through (2, 1) of the PipeNet made at" in run.description
    (sender,) = [k for k in artifact.kernels if "ttlang::pipe_send_ready(" in k.source]
    assert [(r.start, r.end) for r in sender.core_ranges] == [((0, 0), (0, 0))]
    assert "ttlang::pipe_send_ready(6, " in sender.source
    assert sender.source.count("ttlang::pipe_send_write(") == 3


@ttl.operation(grid=(2, 3))
def run_past_the_grid(inp):
    net = ttl.PipeNet([ttl.Pipe(0, (slice(1, 8),))])
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def mover():
        with dfb.reserve() as blk:

            def send(pipe):
                ttl.copy(inp[0, 0], blk).wait()
                ttl.copy(blk, pipe).wait()  # E:run_past_the_grid

            net.if_src(send)

            def receive(pipe):
                ttl.copy(pipe, blk).wait()

            net.if_dst(receive)


def test_pipe_ends_of_different_ranks_are_rejected():
    with pytest.raises(ValueError, match="both cores \\(x, y\\) or both linear node indices"):
        ttl.Pipe(0, (1, 0))


@ttl.operation(grid=(2, 1))
def comprehension_over_a_core_coordinate(inp):
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def mover():
        col, _ = ttl.node(dims=2)
        pipes = [ttl.Pipe((0, 0), (1, 0)) for _ in range(col)]  # E:comprehension_over_a_core_coordinate


@ttl.operation(grid=(2, 1))
def receives_into_a_tensor(inp, out):
    net = ttl.PipeNet([ttl.Pipe(src=(0, 0), dst=(1, 0))])
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def mover():
        with dfb.reserve() as blk:

            def send(pipe):
                ttl.copy(inp[0, 0], blk).wait()
                ttl.copy(blk, pipe).wait()

            net.if_src(send)

        def receive(pipe):
            ttl.copy(pipe, out[0:1, 0:1], shape=(1, 1)).wait()  # E:receives_into_a_tensor

        net.if_dst(receive)


# Invalid programs: (operation, specs, error type, what the message says); each error names the
# user's line, the one marked `# E:<operation>`.
LOCATED_ERRORS = [
    (sends_twice, (T((32, 96)), T((32, 96))), ttl.CompilerError, [
        "source (0, 0) sends 2 block(s) but core (1, 0) receives 1",
        "pipe (0, 0) -> (1..2, 0) of the PipeNet made at",
    ]),
    (sends_in_receiver_callback, (T((32, 64)),), ttl.FrontendError, [
        "ttl.copy(block, pipe) sends: call it in net.if_src",
    ]),
    (sends_to_itself, (T((32, 128)),), ttl.FrontendError, [
        "pipe source (1, 0) is one of its destinations",
    ]),
    (bad_slice, (T((32, 64)),), ttl.FrontendError, [
        "slice(start, stop) with integer bounds and step 1",
    ]),
    (group_added_after_wait, (T((32, 32)),), ttl.FrontendError, [
        "GroupTransfer.add() after its wait_all()",
    ]),
    (group_waited_after_release, (T((32, 32)), T((32, 32))), ttl.CompilerError, [
        "copy waited for after its block's release",
    ]),
    # Nodes 1..7 of a grid of 6: the run ends at core (2, 1), past the grid's 2 columns.
    (run_past_the_grid, (T((32, 32)),), ttl.CompilerError, [
        "pipe (0, 0) -> (0, 1) through (2, 1) reaches outside the operation's 2x3 (cols x rows) grid",
    ]),
    (comprehension_over_a_core_coordinate, (T((32, 64)),), ttl.FrontendError, [
        "a comprehension's range() takes compile-time integers",
    ]),
    (receives_into_a_tensor, (T((32, 64)), T((32, 64))), ttl.FrontendError, [
        "not a tensor slice",
        "ttl.copy(pipe, blk), then ttl.copy(blk, t[...])",
    ]),
]


@pytest.mark.parametrize("operation,specs,error,says", LOCATED_ERRORS,
                         ids=[case[0].fn.__name__ for case in LOCATED_ERRORS])
def test_invalid_program_is_an_error_at_the_users_line(operation, specs, error, says):
    with pytest.raises(error) as failure:
        operation.compile(*specs)
    assert failure.value.line == marker_line(HERE, operation.fn.__name__)
    for text in says:
        assert text in failure.value.message
