"""The Python package's layers point one way, as the C++ ones do (``test_layering.py``).

From the bottom: neutral modules (errors, the IR text builder, the records an artifact is made
of, ``TensorSpec``: types every layer shares), the kernel backend, the runtime (dispatch,
planner, materializer), the emulated device, the frontend (``@ttl.operation``, whose call
dispatches through the runtime), the simulator (a ttnn stand-in over the emulator and the
runtime), the op model's Python face, the testing helpers, and the package's ``__init__``. A
module imports only its own layer and the layers below, anywhere in the file (inside functions
and under ``if TYPE_CHECKING:`` too), and the whole import graph, type-only imports included, has
no cycle (docs/architecture.md, "Python layers").
"""

from __future__ import annotations

import pytest
from import_graph import cycle, import_graph

LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    ("neutral", frozenset({
        "ttlang._ttlang", "ttlang.errors", "ttlang.cache_root", "ttlang.mlir_context", "ttlang.ir",
        "ttlang.dialects", "ttlang.artifact", "ttlang.ir_text", "ttlang.tensor_spec", "ttlang.targets",
    })),
    ("backend", frozenset({"ttlang.backend"})),
    ("runtime", frozenset({"ttlang.runtime"})),
    ("emu", frozenset({"ttlang.emu"})),
    ("frontend", frozenset({"ttlang.frontend"})),
    ("sim", frozenset({"ttlang.sim"})),
    ("opmodel", frozenset({"ttlang.opmodel"})),
    ("testing", frozenset({"ttlang.testing"})),
    ("package", frozenset({"ttlang"})),
)


def layer_of(module: str) -> int:
    """The index of ``module``'s layer: the layer of its longest listed prefix."""
    best, index = -1, None
    for position, (_, roots) in enumerate(LAYERS):
        for root in roots:
            if (module == root or module.startswith(root + ".")) and len(root) > best:
                best, index = len(root), position
    if index is None:
        raise AssertionError(f"{module} is in no layer: add it to LAYERS")
    return index


GRAPH = import_graph(type_checking=True)


def test_every_module_has_a_layer():
    for module in GRAPH:
        layer_of(module)


def upward_imports(graph: dict[str, set[str]], position: int) -> list[str]:
    """The imports of layer ``position``'s modules that point into a higher layer."""
    return [
        f"{module} ({LAYERS[position][0]}) imports {target} ({LAYERS[layer_of(target)][0]})"
        for module, targets in sorted(graph.items())
        if layer_of(module) == position
        for target in sorted(targets)
        if layer_of(target) > position
    ]


@pytest.mark.parametrize("position", range(len(LAYERS)), ids=[name for name, _ in LAYERS])
def test_modules_import_only_their_layer_and_below(position: int) -> None:
    upward = upward_imports(GRAPH, position)
    assert not upward, "imports pointing up a layer:\n" + "\n".join(upward)


def test_the_import_graph_has_no_cycle_type_only_imports_included():
    found = cycle(GRAPH)
    assert found is None, f"import cycle: {' -> '.join(found)}"


def test_the_layer_check_sees_an_upward_import():
    # The runtime reaching the simulator (it once imported its error type) would be caught.
    graph = {"ttlang.runtime.dispatch": {"ttlang.sim.errors", "ttlang.artifact"}}
    runtime = layer_of("ttlang.runtime.dispatch")
    assert upward_imports(graph, runtime) == [
        "ttlang.runtime.dispatch (runtime) imports ttlang.sim.errors (sim)"
    ]
    assert layer_of("ttlang.tensor_spec") == 0
