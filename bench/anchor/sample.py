"""One fresh-process sample of a tt-lang 1.1 program's first call, run by either interpreter:
ours (``import ttlang as ttl``) or upstream tt-lang 1.1.1 (``import ttl``, TTLANG_COMPILE_ONLY=1).

Both sides get the same program text (the file on disk, which imports ``ttlang as ttl``; for
upstream that one line reads ``import ttl``), tensors of the same shapes (bf16, tile layout,
DRAM; upstream takes host ttnn tensors made from torch, ours the equivalent ``ttl.TensorSpec``s,
both built before timing; both sides import ttnn before timing), and one call of the operation:
- upstream: ``op(*tensors)`` in compile-only mode (Python -> MLIR -> C++ kernels, nothing run);
- ours: ``op(*tensors, device=None)``, the compile-only dispatch (Python -> C++ kernels -> the
  complete ttnn ProgramDescriptor, nothing run).
Prints one line, ``SAMPLE`` and JSON: import and first-call times in ms (upstream prints its
kernels and device logs around it).

Usage: python sample.py {ours|upstream} PROGRAM OPERATION ARGUMENTS_JSON (shapes; ints as they are)
"""

from __future__ import annotations

import json
import pathlib
import sys
import time
import types

side, program, operation, shapes_json = sys.argv[1:5]
# A list is a tensor's shape, an int an int parameter of the operation, passed as it is.
arguments = [tuple(s) if isinstance(s, list) else s for s in json.loads(shapes_json)]

start = time.perf_counter()
import ttnn  # noqa: E402

if side == "upstream":
    import torch  # noqa: E402 - tt-lang programs build their tensors from torch
    import ttl  # noqa: E402, F401
else:
    import ttlang  # noqa: E402
imported = time.perf_counter()

text = pathlib.Path(program).read_text()
if side == "upstream":
    assert "import ttlang as ttl\n" in text, program
    text = text.replace("import ttlang as ttl\n", "import ttl\n")
module = types.ModuleType("program")
module.__file__ = program
exec(compile(text, program, "exec"), module.__dict__)  # noqa: S102 - the benchmark's own program
op = getattr(module, operation)

if side == "upstream":
    tensors = [
        ttnn.from_torch(torch.zeros(a, dtype=torch.bfloat16), layout=ttnn.TILE_LAYOUT)
        if isinstance(a, tuple) else a
        for a in arguments
    ]
else:
    tensors = [ttlang.TensorSpec(a) if isinstance(a, tuple) else a for a in arguments]

call_start = time.perf_counter()
if side == "upstream":
    op(*tensors)
else:
    op(*tensors, device=None)
call_end = time.perf_counter()

print("SAMPLE " + json.dumps({
    "import_ms": 1e3 * (imported - start),
    "first_call_ms": 1e3 * (call_end - call_start),
}), flush=True)
