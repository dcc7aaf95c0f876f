"""Why the frontend builds IR as text (``ttlang/ir_text.py``): the same ops parsed from text vs
created through the generated Python op classes, in the frontend's context.

Run: .venv/bin/python bench/ir_build.py [--ops N]
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python"))

from mlir import ir  # noqa: E402
from mlir.dialects import arith, func  # noqa: E402

from ttlang.frontend import session  # noqa: E402

LOC = 'loc("/home/user/op.py":12:5)'


def text_of(n: int) -> str:
    lines = [f"    %v{i} = arith.constant {i} : index {LOC}" for i in range(n)]
    lines += [f"    %w{i} = arith.addi %v{i}, %v{i} : index {LOC}" for i in range(n)]
    return "module {\n  func.func @f() {\n" + "\n".join(lines) + "\n    func.return\n  }\n}\n"


def parse(n: int) -> float:
    t0 = time.perf_counter()
    ir.Module.parse(text_of(n))  # the text is built inside the timing, as the frontend does
    return time.perf_counter() - t0


def build(n: int) -> float:
    t0 = time.perf_counter()
    with ir.Location.file("/home/user/op.py", 12, 5):
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            function = func.FuncOp("f", ir.FunctionType.get([], []))
            with ir.InsertionPoint(function.add_entry_block()):
                index = ir.IndexType.get()
                values = [arith.ConstantOp(index, i).result for i in range(n)]
                for value in values:
                    arith.AddIOp(value, value)
                func.ReturnOp([])
        module.operation.verify()
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=300, help="constants (and as many adds)")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with session._state().context:
        for _ in range(3):
            parse(args.ops), build(args.ops)
        text = statistics.median(parse(args.ops) for _ in range(args.runs))
        classes = statistics.median(build(args.ops) for _ in range(args.runs))
    print(f"{2 * args.ops} ops: text + parse {1e3 * text:.2f} ms, op classes + verify "
          f"{1e3 * classes:.2f} ms ({classes / text:.1f}x)")


if __name__ == "__main__":
    main()
