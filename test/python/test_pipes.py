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
    ],
    ids=["unicast", "multicast", "systolic", "linear", "comprehension"],
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
    assert rectangles == {((0, m), (1, m, 3, m)) for m in range(4)} | {
        ((n, 0), (n, 1, n, 3)) for n in range(4)
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


def test_linear_pipes_become_rectangles_of_the_grid():
    """Linear node n is (n // rows, n % rows): nodes 1..2 of a 2 x 3 grid are (0, 1..2) and
    3..5 all of column 1 (x 1, rows 0..2)."""
    text = programs.linear_fan_out.build_ir(T((32, 32)), T((32, 192)))
    assert "src (0, 0), dst (0, 1) to (0, 2)" in text
    assert "src (0, 0), dst (1, 0) to (1, 2)" in text


@ttl.operation(grid=(2, 3))
def linear_not_a_rectangle(inp):
    net = ttl.PipeNet([ttl.Pipe(0, (slice(1, 5),))])
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def mover():
        with dfb.reserve() as blk:

            def send(pipe):
                ttl.copy(blk, pipe).wait()

            net.if_src(send)  # E:linear_not_a_rectangle


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
    (linear_not_a_rectangle, (T((32, 32)),), ttl.FrontendError, [
        "destinations 1..4 (linear node indices, x * 3 + y",
        "not a rectangle",
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
