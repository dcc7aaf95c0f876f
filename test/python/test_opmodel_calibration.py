"""The op model against ttnn 0.81.1 on tt-metal's mock Wormhole device (bench/opmodel_calibration.py).

Every case runs the real ttnn op under NO_DISPATCH graph capture and asks ttlang.opmodel for the same
shapes and layouts. A case must match on cb, l1, total and out (or both must reject it), unless it is
listed in the harness's DIFFERENCES with a reason; a listed case must still differ, so closing a gap
forces the list (and docs/op-model.md) to be updated.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("opmodel_calibration", ROOT / "bench" / "opmodel_calibration.py")
calibration = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = calibration  # dataclasses look their module up
spec.loader.exec_module(calibration)

# Every op family the op model answers (docs/op-model.md), one case at least each; deallocate has
# no L1 figures to compare.
FAMILIES = {"unary eltwise", "binary eltwise", "where", "reduction", "matmul", "softmax", "transpose",
            "typecast", "to_memory_config", "concatenate_heads", "creation",
            "activation", "pow", "activation backward", "normalization", "rotary embedding", "attention"}


@pytest.fixture(scope="module")
def rows():
    if importlib.util.find_spec("ttnn") is None:
        pytest.skip("ttnn is not installed")
    return {row["case"]: row for row in calibration.calibrate()}


def test_every_family_has_cases():
    assert {case.family for case in calibration.CASES} == FAMILIES
    names = [case.name for case in calibration.CASES]
    assert len(names) == len(set(names))
    assert set(calibration.DIFFERENCES) <= set(names)
    assert any(case.name.startswith("cbrt") for case in calibration.CASES)


def test_every_case_ran_on_the_mock_device(rows):
    """Only the two deliberately illegal cases are rejected by ttnn; everything else was captured."""
    rejected = {name for name, row in rows.items() if "error" in row["ttnn"]}
    assert rejected == {"add 64x1024 + 2048x2048 (incompatible)", "sum 64x1024 dims [1, 2] (out of range)",
                        *calibration.compute.REJECTED}
    assert all(row["ttnn"].get("scratchpad", 0) == 0 for row in rows.values())  # not part of cb
    relu = rows["relu 64x1024 l1->l1"]["ttnn"]  # shared/docs/ttnn.md's measured example
    assert (relu["cb"], relu["l1"], relu["total"]) == (8192, 2048, 10240)


@pytest.mark.parametrize("name", [case.name for case in calibration.CASES])
def test_case_matches_or_is_a_recorded_difference(rows, name):
    row = rows[name]
    if name in calibration.DIFFERENCES:
        assert row["verdict"] == "difference", f"{name} now matches ttnn 0.81.1: drop it from DIFFERENCES"
    else:
        assert row["verdict"].startswith("match"), f"{name}: ttnn {row['ttnn']} vs model {row['model']}"


def test_docs_table_is_the_harness_output(rows):
    """docs/op-model.md carries the calibration table exactly as the harness prints it."""
    doc = (ROOT / "docs" / "op-model.md").read_text()
    table = calibration.markdown([rows[case.name] for case in calibration.CASES])
    assert table in doc
