"""``ttl.call_extern_func`` and its argument wrappers as IR builders (dispatched by
:mod:`ttlang.frontend.builtins`).

The frontend turns the Python arguments into one ``ttl.call_extern_func`` op, rejecting only
what has no IR form (a value of the wrong Python kind, a DFB that is no dependency of the call,
an unrepresentable constant). Every rule on the op itself (which arguments a compute kernel
takes, tensor layouts, DFB effect capacities, what a dispatch-condition call may touch) is
``CallExternFuncOp::verify`` (``lib/Dialect/TTL/IR/TTLExtern.cpp``), reported at the call's
line; the DFB lifecycle, dispatch-condition identity and physical indices are C++ passes
(docs/external-functions.md).
"""

from __future__ import annotations

import ast
import math
import struct
from typing import TYPE_CHECKING, Any

from ttlang.frontend.extern import DispatchCondition, ScalarType
from ttlang import _ttlang
from ttlang import ir_text
from ttlang.frontend.kernels import selectors_of
from ttlang.runtime.records import FabricManagerCall
from ttlang.frontend.values import (
    MISSING,
    BlockValue,
    DFBTemplateRef,
    DFBValue,
    EffectSequence,
    EffectValue,
    RawAddrValue,
    Scalar,
    TensorValue,
    TileSlice,
)

if TYPE_CHECKING:
    from ttlang.frontend.context import CallContext

_KEYWORDS = frozenset(
    {
        "template_args",
        "func_args",
        "dfb_dependencies",
        "dfb_effects",
        "unknown_dfb_access",
        "include_paths",
        "kernel",
        "result_type",
        "condition_result",
        "fabric_manager_effects",
    }
)
_COUNT_BINOPS = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
}
_INT64 = (-(2**63), 2**63 - 1)


def _effect_length(item: "EffectValue | EffectSequence") -> int:
    return item.length if isinstance(item, EffectSequence) else 1


class ExternCalls:
    """External calls of one function compiler (``ctx``)."""

    def __init__(self, ctx: CallContext) -> None:
        self.ctx = ctx

    # --- wrappers -----------------------------------------------------------------------
    def raw_addr(
        self, name: str, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call
    ) -> RawAddrValue:
        if keywords or len(args) != 1:
            raise self.ctx.error(node, "ttl.raw_addr(tensor) takes one tensor")
        tensor = args[0]
        if not isinstance(tensor, TensorValue):
            raise self.ctx.error(
                node,
                f"ttl.raw_addr takes a tensor argument of the operation, got "
                f"{self.ctx.describe(tensor)}; tensor slices, views and computed tensor values "
                "have no buffer address of their own",
            )
        ssa = self.ctx.builder.raw_addr(tensor.ssa, tensor.type, self.ctx.loc(node))
        return RawAddrValue(ssa, tensor)

    def dfb_template(
        self, name: str, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call
    ) -> DFBTemplateRef:
        if keywords or len(args) != 1 or not isinstance(args[0], DFBValue):
            got = self.ctx.describe(args[0]) if len(args) == 1 else f"{len(args)} arguments"
            raise self.ctx.error(node, f"ttl.{name}(dfb) takes one dataflow buffer, got {got}")
        return DFBTemplateRef("descriptor" if name == "dfb_descriptor" else "index", args[0])

    # --- effects (counts are read from the source: static-integer language) ---------------
    def dfb_effect(self, name: str, node: ast.Call) -> EffectValue | EffectSequence:
        kind = name.split(".", 1)[1]
        if kind == "repeat":
            return self.repeat_effect(node)
        keywords = {k.arg: k.value for k in node.keywords}
        if None in keywords or set(keywords) - {"tiles"} or not 1 <= len(node.args) <= 2:
            raise self.ctx.error(node, f"ttl.DFBEffect.{kind}(dfb, tiles=n) takes a DFB and a tile count")
        count_nodes = node.args[1:] + ([keywords["tiles"]] if "tiles" in keywords else [])
        if len(count_nodes) != 1:
            raise self.ctx.error(node, f"ttl.DFBEffect.{kind} needs exactly one tile count (tiles=n)")
        dfb = self.ctx.expr(node.args[0])
        if not isinstance(dfb, DFBValue):
            raise self.ctx.error(
                node.args[0], f"ttl.DFBEffect.{kind} names a dataflow buffer, got {self.ctx.describe(dfb)}"
            )
        return EffectValue(kind, dfb, self.static_count(count_nodes[0]))

    def repeat_effect(self, node: ast.Call) -> EffectSequence:
        if node.keywords or len(node.args) != 2:
            raise self.ctx.error(node, "ttl.DFBEffect.repeat(count, [effects...]) takes two arguments")
        count = self.static_count(node.args[0])
        if count < 0:
            raise self.ctx.error(node.args[0], f"a repeat count must be nonnegative, got {count}")
        body = node.args[1]
        if not isinstance(body, (ast.List, ast.Tuple)) or not body.elts:
            raise self.ctx.error(
                body, "ttl.DFBEffect.repeat takes a nonempty literal list of effects"
            )
        items = self.effect_items(body.elts)
        once = sum(_effect_length(item) for item in items)
        return EffectSequence(count, items, count * once)

    def effect_items(self, nodes: list[ast.expr]) -> tuple[EffectValue | EffectSequence, ...]:
        """The actions and (unexpanded) repeats of a literal effect list. Every element is
        checked once, whatever its repeat count; the expanded length is checked per call."""
        result: list[EffectValue | EffectSequence] = []
        for element in nodes:
            value = self.ctx.expr(element)
            if not isinstance(value, (EffectValue, EffectSequence)):
                raise self.ctx.error(
                    element,
                    f"dfb_effects holds ttl.DFBEffect actions, got {self.ctx.describe(value)}",
                )
            result.append(value)
        return tuple(result)

    def static_count(self, node: ast.expr) -> int:
        """A tile or repeat count: integer literals, integer captures and module-level integers
        with unary + / - and binary + - * // %."""
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool) or not isinstance(node.value, int):
                raise self.ctx.error(node, f"a static count is an integer, got {node.value!r}")
            return node.value
        if isinstance(node, ast.Name):
            local = self.ctx.lookup_scopes(node.id)
            if isinstance(local, Scalar):
                raise self.ctx.error(
                    node, f"'{node.id}' is a runtime value; a static count cannot use runtime values"
                )
            if local is not MISSING:
                raise self.ctx.error(
                    node,
                    f"'{node.id}' is a local of the operation body; static counts use integer "
                    "literals, integer captures and module-level integers",
                )
            value = self.ctx.lookup(node.id, node)
            if isinstance(value, bool) or not isinstance(value, int):
                raise self.ctx.error(
                    node, f"'{node.id}' is {self.ctx.describe(value)}; a static count is an integer"
                )
            return value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
            value = self.static_count(node.operand)
            return -value if isinstance(node.op, ast.USub) else value
        if isinstance(node, ast.BinOp) and type(node.op) in _COUNT_BINOPS:
            left, right = self.static_count(node.left), self.static_count(node.right)
            if isinstance(node.op, (ast.FloorDiv, ast.Mod)) and right == 0:
                raise self.ctx.error(node, "the divisor of // or % in a static count must be nonzero")
            return _COUNT_BINOPS[type(node.op)](left, right)
        raise self.ctx.error(
            node,
            "a static count uses integer literals, integer captures and module-level integers "
            "with unary + / - and + - * // %",
        )

    # --- the call ------------------------------------------------------------------------
    def call_extern_func(
        self, name: str, args: list[Any], keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call
    ) -> Scalar | None:
        unknown = set(keywords) - _KEYWORDS
        if unknown:
            raise self.ctx.error(node, f"ttl.call_extern_func got unexpected keyword '{sorted(unknown)[0]}'")
        if len(args) != 2:
            raise self.ctx.error(
                node, f"ttl.call_extern_func(header, callee, ...) takes two positional strings, got {len(args)}"
            )
        header, callee = args
        for label, value in (("header", header), ("callee", callee)):
            if not isinstance(value, str):
                raise self.ctx.error(node, f"the {label} of ttl.call_extern_func must be a compile-time string")

        def kw(key: str, default: Any) -> tuple[Any, ast.AST]:
            return keywords.get(key, (default, node))

        self.check_extern_kernel(keywords, node)
        result_type = self.extern_result_type(kw("result_type", None), kw("condition_result", None))
        condition_value, condition_node = kw("condition_result", None)

        # Dependency sequence: DFB function arguments, descriptors, then dfb_dependencies.
        func_values, func_types, dfb_args = self.extern_func_args(kw("func_args", ()))
        template_value, template_node = kw("template_args", ())
        templates = self.sequence(template_value, template_node, "template_args")
        descriptors = [t.dfb for t in templates if isinstance(t, DFBTemplateRef) and t.kind == "descriptor"]
        extra_value, extra_node = kw("dfb_dependencies", ())
        extra = self.sequence(extra_value, extra_node, "dfb_dependencies")
        automatic = {d.ssa for d in dfb_args + descriptors}
        seen: set[str] = set()
        for dfb in extra:
            if not isinstance(dfb, DFBValue):
                raise self.ctx.error(extra_node, f"dfb_dependencies holds dataflow buffers, got {self.ctx.describe(dfb)}")
            if dfb.ssa in automatic:
                raise self.ctx.error(
                    extra_node,
                    "dfb_dependencies lists a DFB that is already a dependency through func_args "
                    "or ttl.dfb_descriptor",
                )
            if dfb.ssa in seen:
                raise self.ctx.error(extra_node, "dfb_dependencies must contain distinct DFBs")
            seen.add(dfb.ssa)
        dependencies: list[DFBValue] = dfb_args + descriptors + list(extra)

        def dependency_index(dfb: DFBValue, what: str, at: ast.AST) -> int:
            for index, dep in enumerate(dependencies):
                if dep.ssa == dfb.ssa:
                    return index
            raise self.ctx.error(
                at,
                f"{what} names a DFB that is not a dependency of the call; make it one through "
                "func_args, ttl.dfb_descriptor(dfb) or dfb_dependencies",
            )

        template_attrs = []
        descriptor_position = len(dfb_args)
        for value in templates:
            if isinstance(value, DFBTemplateRef):
                if value.kind == "descriptor":
                    index = descriptor_position
                    descriptor_position += 1
                else:
                    index = dependency_index(value.dfb, "ttl.get_dfb_id(dfb)", template_node)
                template_attrs.append(ir_text.dfb_template_attr(value.kind, index))
            else:
                template_attrs.append(self.template_literal(value, template_node))

        effects_value, effects_node = kw("dfb_effects", ())
        if effects_value is None:
            effects_value = ()
        if not isinstance(effects_value, tuple):
            raise self.ctx.error(effects_node, f"dfb_effects is a list of ttl.DFBEffect actions, got {self.ctx.describe(effects_value)}")
        for value in effects_value:
            if not isinstance(value, (EffectSequence, EffectValue)):
                raise self.ctx.error(effects_node, f"dfb_effects holds ttl.DFBEffect actions, got {self.ctx.describe(value)}")
        # The limit is CallExternFuncOp's (C++); an expansion beyond it is refused before it
        # is built (repeat(10**15, ...) has no list to hand the verifier).
        expanded = sum(_effect_length(value) for value in effects_value)
        limit = _ttlang.extern_call_max_effects()
        if expanded > limit:
            raise self.ctx.error(
                effects_node,
                f"dfb_effects expands to {expanded} actions; one call is limited to {limit}",
            )
        effects: list[EffectValue] = []
        for value in effects_value:
            effects.extend(value.flatten() if isinstance(value, EffectSequence) else (value,))
        effect_attrs = [
            ir_text.dfb_effect_attr(
                e.kind, dependency_index(e.dfb, f"ttl.DFBEffect.{e.kind}", effects_node), e.tiles
            )
            for e in effects
        ]

        unknown_access, unknown_node = kw("unknown_dfb_access", False)
        if not isinstance(unknown_access, bool):
            raise self.ctx.error(unknown_node, f"unknown_dfb_access must be True or False, got {unknown_access!r}")
        paths_value, paths_node = kw("include_paths", ())
        paths = self.sequence(paths_value, paths_node, "include_paths")
        for path in paths:
            if not isinstance(path, str):
                raise self.ctx.error(paths_node, f"include_paths holds directory strings, got {path!r}")

        condition_attr = None
        if condition_value is not None:
            ordinal = self.ctx.threads.condition_ordinal(condition_value)
            condition_attr = ir_text.dispatch_condition_attr(ordinal, result_type)

        fabric_value, fabric_node = kw("fabric_manager_effects", ())
        fabric = self.fabric_manager_effects(fabric_value, fabric_node)

        call = ir_text.ExternCall(
            callee=callee,
            header=header,
            template=tuple(template_attrs),
            func_args=tuple(zip(func_values, func_types)),
            descriptors=tuple((d.ssa, d.type) for d in descriptors),
            dependencies=tuple((d.ssa, d.type) for d in extra),
            effects=tuple(effect_attrs),
            unknown_dfb_access=unknown_access,
            include_paths=tuple(paths),
            condition=condition_attr,
            fabric_managers=fabric,
            kernels=self.ctx.selection(keywords, single=False),
            result_type=result_type,
        )
        ssa = self.ctx.builder.call_extern_func(call, self.ctx.loc(node))
        return None if ssa is None else Scalar(ssa, result_type)

    def fabric_manager_effects(self, value: Any, node: ast.AST) -> tuple[str, ...]:
        """``#ttl.fabric_manager`` attributes of ``fabric_manager_effects=``: one
        ``claim.acquire()`` / ``use()`` / ``release()`` / ``scoped()`` or a list of them. Which
        kernel runs the call and the claims' lifetimes are C++ rules (``CallExternFuncOp::verify``,
        ``ttl-record-fabric-managers``)."""
        items = value if isinstance(value, (tuple, list)) else (value,)
        attrs = []
        for item in items:
            if not isinstance(item, FabricManagerCall):
                raise self.ctx.error(
                    node,
                    "fabric_manager_effects takes claim.acquire(), claim.use(), claim.release() "
                    f"or claim.scoped() of a ttl.FabricManagerClaim, got {self.ctx.describe(item)}",
                )
            claim = item.claim
            try:
                (selector,) = selectors_of(claim.kernel)
            except (TypeError, ValueError):
                raise self.ctx.error(
                    node,
                    f"fabric manager claim '{claim.name}' must select one kernel of this "
                    "operation: ttl.KernelKind.COMPUTE, ttl.KernelKind.DATA_MOVEMENT or a "
                    f"ttl.Kernel the operation captures, got {claim.kernel!r}",
                ) from None
            attrs.append(ir_text.fabric_manager_attr(item.phase.value, claim.name, selector.attr()))
        return tuple(attrs)

    def check_extern_kernel(self, keywords: dict[str, tuple[Any, ast.AST]], node: ast.Call) -> None:
        """The kernel= rules: the IR has no form for a call no kernel runs, and a thread's ops
        carry no selection of their own."""
        if "kernel" not in keywords:
            if self.ctx.thread is None:
                raise self.ctx.error(
                    node,
                    "a top-level ttl.call_extern_func needs kernel=: the compiler cannot infer "
                    "the logical kernel of opaque C++ code",
                )
            return
        value, kernel_node = keywords["kernel"]
        selectors = self.ctx.selectors(value, kernel_node)
        if self.ctx.thread is not None and selectors != (self.ctx.thread,):
            raise self.ctx.error(
                kernel_node,
                "kernel= inside a thread must select the thread's own logical kernel",
            )

    def extern_result_type(
        self, result: tuple[Any, ast.AST], condition: tuple[Any, ast.AST]
    ) -> str | None:
        result_value, result_node = result
        condition_value, condition_node = condition
        if condition_value is not None:
            if not isinstance(condition_value, DispatchCondition):
                raise self.ctx.error(
                    condition_node,
                    f"condition_result takes a ttl.DispatchCondition, got {self.ctx.describe(condition_value)}",
                )
            if result_value is not None:
                raise self.ctx.error(
                    result_node,
                    "condition_result supplies the result type and cannot be combined with result_type",
                )
            return condition_value.type.value
        if result_value is None:
            return None
        if not isinstance(result_value, ScalarType):
            raise self.ctx.error(
                result_node,
                f"result_type must be ttl.ScalarType.I32 or ttl.ScalarType.I64 (or None), got "
                f"{self.ctx.describe(result_value)}",
            )
        return result_value.value

    def extern_func_args(
        self, value_node: tuple[Any, ast.AST]
    ) -> tuple[list[str], list[str], list[DFBValue]]:
        value, node = value_node
        values: list[str] = []
        types: list[str] = []
        dfbs: list[DFBValue] = []
        for arg in self.sequence(value, node, "func_args"):
            if isinstance(arg, DFBValue):
                dfbs.append(arg)
                values.append(arg.ssa)
                types.append(arg.type)
            elif isinstance(arg, TensorValue):
                values.append(arg.ssa)
                types.append(arg.type)
            elif isinstance(arg, RawAddrValue):
                values.append(arg.ssa)
                types.append(ir_text.UI32)
            elif isinstance(arg, Scalar):
                values.append(arg.ssa)
                types.append(arg.type)
            elif isinstance(arg, bool):
                values.append(self.ctx.as_predicate(arg, node))
                types.append(ir_text.I1)
            elif isinstance(arg, int):
                if not -(2**31) <= arg < 2**32:
                    raise self.ctx.error(node, f"integer function argument {arg} does not fit 32 bits")
                signed = arg - 2**32 if arg >= 2**31 else arg
                values.append(self.ctx.builder.int_constant(signed, ir_text.I32, self.ctx.loc(node)))
                types.append(ir_text.I32)
            elif isinstance(arg, (TileSlice, BlockValue)):
                raise self.ctx.error(
                    node,
                    f"{self.ctx.describe(arg)} is not a valid external argument: tensor slices, views "
                    "and computed tensor values are not valid external arguments",
                )
            elif isinstance(arg, DFBTemplateRef):
                what = "ttl.dfb_descriptor(dfb)" if arg.kind == "descriptor" else "ttl.get_dfb_id(dfb)"
                raise self.ctx.error(
                    node,
                    f"{what} is a template argument; pass the DFB itself in func_args for its "
                    "physical index parameter",
                )
            else:
                raise self.ctx.error(
                    node,
                    "func_args takes scalar values, DFBs, base tensors and ttl.raw_addr(tensor), "
                    f"got {self.ctx.describe(arg)}",
                )
        return values, types, dfbs

    def template_literal(self, value: Any, node: ast.AST) -> str:
        if isinstance(value, bool):
            return ir_text.bool_attr(value)
        if isinstance(value, int):
            if not _INT64[0] <= value <= _INT64[1]:
                raise self.ctx.error(node, f"template argument {value} does not fit a signed 64-bit constant")
            return ir_text.i64_attr(value)
        if isinstance(value, float):
            try:
                bits = struct.unpack("<I", struct.pack("<f", value))[0]
            except OverflowError:
                raise self.ctx.error(node, f"template argument {value!r} is not representable as binary32") from None
            if math.isfinite(value) and not math.isfinite(struct.unpack("<f", struct.pack("<I", bits))[0]):
                raise self.ctx.error(node, f"template argument {value!r} is not representable as binary32")
            return ir_text.f32_bits_attr(bits)
        if isinstance(value, DFBValue):
            raise self.ctx.error(
                node,
                "a bare DFB is invalid in template_args: use ttl.dfb_descriptor(dfb) for its typed "
                "allocation metadata or ttl.get_dfb_id(dfb) for its index",
            )
        raise self.ctx.error(
            node,
            "template_args takes compile-time int, bool and float values, ttl.dfb_descriptor(dfb) "
            f"and ttl.get_dfb_id(dfb), got {self.ctx.describe(value)}",
        )

    def sequence(self, value: Any, node: ast.AST, what: str) -> tuple[Any, ...]:
        if value is None:
            return ()
        if not isinstance(value, (tuple, list)):
            raise self.ctx.error(node, f"{what} must be a list, got {self.ctx.describe(value)}")
        return tuple(value)
