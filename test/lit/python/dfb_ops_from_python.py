# RUN: %python %s | FileCheck %s
# The .py lit style: build IR from Python with the generated op classes, print it, FileCheck it.

from mlir import ir
from mlir.dialects import func

import ttlang
from ttlang.dialects import ttl

context = ttlang.create_context()
with context, ir.Location.file("kernel.py", 12, 5):
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):

        @func.FuncOp.from_py_func()
        def two_buffers():
            ttl.CreateDataflowBufferOp(ir.Type.parse("!ttl.dfb<1x2xf32, 3>"))
            ttl.CreateDataflowBufferOp(ir.Type.parse("!ttl.dfb<4x4xbf16, 1>"), physical_index=7)

    print(module.operation.get_asm(enable_debug_info=True))

    # The verifier runs on ops built from Python too.
    bad = ttl.CreateDataflowBufferOp(ir.Type.parse("!ttl.dfb<1x1xbf16, 1>"), physical_index=99)
    try:
        bad.operation.verify()
    except ir.MLIRError as error:
        print("verify:", error.error_diagnostics[0].message)

# CHECK-LABEL: func.func @two_buffers
# CHECK-NEXT: ttl.create_dfb : !ttl.dfb<1x2xf32, 3> loc(#[[LOC:loc[0-9]*]])
# CHECK-NEXT: ttl.create_dfb {physical_index = 7 : i32} : !ttl.dfb<4x4xbf16, 1> loc(#[[LOC]])
# CHECK: #[[LOC]] = loc("kernel.py":12:5)
# CHECK: verify: 'ttl.create_dfb' op physical_index must be in [0, 64), got 99
