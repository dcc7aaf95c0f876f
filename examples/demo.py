"""`make demo`: builds IR with both ttlang dialects from Python, runs a ttlang pass through
mlir.passmanager and prints the result (with source locations).

The TTL core and backend issues replace this with the real main job: compiling a TT-Lang
operation to TT-Metal kernels.
"""

import inspect
import pathlib

from mlir import ir
from mlir.dialects import func

import ttlang
from ttlang.dialects import ttl, ttnn

context = ttlang.create_context()
here = ir.Location.file(pathlib.Path(__file__).name, inspect.currentframe().f_lineno, 1, context)
with context, here:
    module = ir.Module.create()
    dfb_type = ir.Type.parse("!ttl.dfb<2x2xbf16, 2>")
    layout = "#ttnn.layout<l1, interleaved, bf16>"
    tensor = ir.Type.parse(f"tensor<64x64xbf16, {layout}>")
    with ir.InsertionPoint(module.body):

        @func.FuncOp.from_py_func()
        def buffers():
            ttl.CreateDataflowBufferOp(dfb_type)
            ttl.CreateDataflowBufferOp(dfb_type)

        @func.FuncOp.from_py_func(tensor)
        def relu(x):
            return ttnn.ReluOp(tensor, x).result

    ttlang.run_pipeline(module, "builtin.module(ttl-assign-dfb-indices)")
    assert module.operation.verify()
    print(module.operation.get_asm(enable_debug_info=True))
