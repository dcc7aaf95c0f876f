"""Builds one-op modules for op-model tests."""

from __future__ import annotations

from mlir import ir

import ttlang

LAYOUTS = {
    "dram": "#ttnn.layout<dram, interleaved, bf16>",
    "l1": "#ttnn.layout<l1, interleaved, bf16>",
    # 28672x32 bf16 = 896 tiles, 14 per core on 8x8.
    "hs": "#ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>",
}


# An ir.Operation does not keep its module alive; tests often drop the module.
_MODULES: list[ir.Module] = []


def tensor(shape: str, layout: str, element: str = "bf16") -> str:
    return f"tensor<{shape}x{element}, {LAYOUTS[layout]}>"


def single_op(
    op_text: str, args: list[str], context: ir.Context | None = None, module_attrs: str = ""
) -> tuple[ir.Module, ir.Operation]:
    """A module with `func.func @f(args) { <op_text>; return }`; returns the op."""
    signature = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    attrs = f" attributes {{{module_attrs}}}" if module_attrs else ""
    source = f"module{attrs} {{\nfunc.func @f({signature}) {{\n  {op_text}\n  return\n}}\n}}"
    module = ttlang.parse_module(source, context)
    _MODULES.append(module)
    func = module.body.operations[0]
    return module, func.regions[0].blocks[0].operations[0].operation


def ops_of(module: ir.Module) -> list[ir.Operation]:
    ops = []
    for func in module.body.operations:
        for op in func.regions[0].blocks[0].operations:
            if op.operation.name != "func.return":
                ops.append(op.operation)
    return ops
