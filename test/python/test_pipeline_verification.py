"""A compilation verifies the user's IR when it is parsed and the pipeline's result at the end,
not after every pass (ttlang-opt and the lit tests do that). Here every example also compiles with
the verifier after every pass, so a pass that leaves invalid IR for the next one fails a test even
when a later pass happens to hide it, and the kernels are the same either way."""

from __future__ import annotations

import pytest
from test_backend_examples import EXAMPLE_INPUTS, EXAMPLES, example_operation

from ttlang.frontend import session


@pytest.mark.parametrize("name", sorted(EXAMPLE_INPUTS))
def test_every_pass_leaves_valid_ir(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    operation, inputs = EXAMPLE_INPUTS[name]
    op = example_operation(EXAMPLES / name, f"verify_{name[:-3]}", operation)
    fast = op.compile(*inputs, compile_cache=None)
    monkeypatch.setattr(session, "VERIFY_EACH_PASS", True)
    checked = op.compile(*inputs, compile_cache=None)
    assert [k.source for k in checked.artifact.kernels] == [k.source for k in fast.artifact.kernels]
    assert checked.artifact == fast.artifact
