# RUN: %python %s | FileCheck %s
# tt-lang's 1-D pipe coordinates and a net built by a list comprehension in the body, before
# any pass (Operation.build_ir): linear node n is core (n // rows, n % rows), the order of
# ttl.node(dims=1), so on a 2 x 3 grid nodes 1..2 are column 0's rows 1..2 and nodes 3..5 all
# of column 1. A 1-D multicast becomes the #ttl.pipe of a run of cores in that order
# (`through`; ttl-plan-pipes splits a run into rectangles), a 2-D pipe that of a rectangle.
import ttlang as ttl


@ttl.operation(grid=(2, 3))
def fan_out(inp):
    column0 = ttl.PipeNet([ttl.Pipe(0, (slice(1, 3),))])
    both = ttl.PipeNet([ttl.Pipe((0, y), (1, y)) for y in range(3) if y != 1])
    dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)

    @ttl.datamovement()
    def mover():
        with dfb.reserve() as blk:

            def send(pipe):
                ttl.copy(blk, pipe).wait()

            column0.if_src(send)
            both.if_src(send)


spec = ttl.TensorSpec((32, 32))
print(fan_out.build_ir(spec))

# CHECK-LABEL: func.func @fan_out
# CHECK: ttl.pipe_send #ttl.pipe<net 0 pipe 0, src (0, 0), dst (0, 1) through (0, 2), "{{.*}}pipes_linear.py:12">
# The comprehension's if drops y = 1: pipes from (0, 0) and (0, 2).
# CHECK: ttl.pipe_send #ttl.pipe<net 1 pipe 0, src (0, 0), dst (1, 0) to (1, 0), "{{.*}}pipes_linear.py:13">
# CHECK: ttl.pipe_send #ttl.pipe<net 1 pipe 1, src (0, 2), dst (1, 2) to (1, 2), "{{.*}}pipes_linear.py:13">
# CHECK-NOT: ttl.pipe_send
