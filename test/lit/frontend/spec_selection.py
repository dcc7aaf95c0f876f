# RUN: %python %s | FileCheck %s
# The selection forms of the external-functions spec that do not involve external calls:
# an explicit operation whose thread decorators select the canonical compute kernel and a
# captured handle, and a unified release with kernel= when nothing else uses the block.
import ttlang as ttl


def make_explicit_operation():
    reader = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)

    @ttl.operation(grid=(1, 1))
    def explicit_operation(inp):
        @ttl.compute(kernel=ttl.KernelKind.COMPUTE)
        def compute_thread():
            pass

        @ttl.datamovement(kernel=reader)
        def reader_thread():
            pass

    return explicit_operation, reader


explicit_operation, reader = make_explicit_operation()
spec = ttl.TensorSpec((32, 32))
compiled = explicit_operation.compile(spec)
print(compiled.ir)
print("reader bound:", compiled.kernel(reader).logical_kernel == reader)

# CHECK-LABEL: func.func @explicit_operation_compute
# CHECK-SAME: #ttl.kernel<compute, "compute", "__main__.make_explicit_operation.<locals>.explicit_operation:[[ID:[0-9a-f]+]]">
# CHECK-NEXT: return
# CHECK-LABEL: func.func @explicit_operation_reader
# CHECK-SAME: #ttl.kernel<data_movement, "reader", "__main__.make_explicit_operation.<locals>.explicit_operation:[[ID]]">
# CHECK-NEXT: return
# CHECK: reader bound: True


@ttl.operation(grid=(1, 1))
def drain(input_tensor):
    input_dfb = ttl.make_dataflow_buffer_like(input_tensor, shape=(1, 1), block_count=2)
    unused = input_dfb.wait()
    unused.pop(kernel=ttl.KernelKind.DATA_MOVEMENT)


print(drain.compile(spec).ir)

# CHECK-LABEL: func.func @drain_data_movement
# CHECK-SAME: #ttl.kernel<data_movement, "data_movement", "__main__.drain:{{[0-9a-f]+}}">
# CHECK-NEXT: %[[DFB:.*]] = ttl.create_dfb {physical_index = 0 : i32}
# CHECK-NEXT: %[[BLK:.*]] = ttl.wait %[[DFB]]
# The selector affects splitting only: the pop keeps its ordinary form.
# CHECK-NEXT: ttl.pop %[[BLK]] : !ttl.block<1x1xbf16> loc(
# CHECK-NEXT: return
# CHECK-NOT: func.func
