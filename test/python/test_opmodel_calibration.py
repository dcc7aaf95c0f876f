"""The op model against ttnn 0.81.1 on tt-metal's mock Wormhole and Blackhole devices
(bench/opmodel_calibration.py).

Every case runs the real ttnn op under NO_DISPATCH graph capture on each mock device and asks
ttlang.opmodel for the same shapes and layouts on the same device. A case must match on cb, l1, total
and out (or both must reject it), unless it is listed in the device's recorded differences with a
reason; a listed case must still differ, so closing a gap forces the list (and docs/op-model.md) to
be updated. Every case runs on both devices (about 17 min for both on the 2-core machine, docs/op-model.md).
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
            "activation", "pow", "activation backward", "normalization", "rotary embedding", "attention",
            "concat", "slice", "repeat", "to_layout", "reshape", "permute", "pad", "embedding", "argmax", "linear",
            "max_pool2d", "conv2d", "softmax/layer_norm backward (moreh)"}
# Families added or extended with the issue (binary eltwise: mixed sharded / interleaved placements),
# held to its target: >= 95% exact agreement on cb, l1, out and legality per family, on both devices.
TARGET_FAMILIES = {"concat", "slice", "repeat", "binary eltwise", "activation", "pow", "activation backward",
                   "normalization", "rotary embedding", "attention", "to_layout", "reshape", "permute", "pad",
                   "embedding", "argmax", "linear", "matmul", "max_pool2d", "conv2d",
                   "softmax/layer_norm backward (moreh)"}
TARGET = 0.95

_rows: dict[str, dict[str, dict]] = {}


@pytest.fixture(scope="module", params=sorted(calibration.DEVICES))
def rows(request):
    if importlib.util.find_spec("ttnn") is None:
        pytest.skip("ttnn is not installed")
    device = request.param
    if device not in _rows:
        _rows[device] = {row["case"]: row for row in calibration.calibrate(device)}
    return device, _rows[device]


def test_every_family_has_cases():
    assert {case.family for case in calibration.CASES} == FAMILIES
    names = [case.name for case in calibration.CASES]
    assert len(names) == len(set(names))
    for device in calibration.DEVICES:
        assert set(calibration.differences(device)) <= set(names)
    assert any(case.name.startswith("cbrt") for case in calibration.CASES)


def test_every_case_ran_on_the_mock_device(rows):
    """Only the deliberately illegal cases are rejected by ttnn; everything else was captured."""
    device, table = rows
    rejected = {name for name, row in table.items() if "error" in row["ttnn"]}
    assert rejected == {"add 64x1024 + 2048x2048 (incompatible)", "sum 64x1024 dims [1, 2] (out of range)",
                        "concat 64x1024 f32, 64x1024 bf16 dim 0 (mixed data types)",
                        "slice 64x1024 [0:64, 0:1024:2] dram->dram bfp8_b",  # ttnn: no bfp8_b untilize
                        *calibration.compute.REJECTED,
                        *calibration.data.REJECTED, *calibration.cnn.REJECTED, *calibration.LAYOUT_REJECTED,
                        *calibration.matmul_cases.REJECTED,
                        *(calibration.matmul_cases.REJECTED_ON_BLACKHOLE if device == "blackhole" else ()),
                        *(calibration.data.REJECTED_ON_BLACKHOLE if device == "blackhole" else ())}
    # The scratchpad is part of total, not of cb; only slice has one (its bounds, 4 B per dimension),
    # the data families that keep a tile, an index block or a result row there, the CNN ops (the
    # row-major input's reshard into L1, Pool.cpp / Conv.cpp) and to_layout (ttnn's block tilize stages
    # its rows there).
    with_scratchpad = {"slice", "max_pool2d", "conv2d", "to_layout", *calibration.data.SCRATCHPAD_FAMILIES}
    assert all(row["ttnn"].get("scratchpad", 0) == 0 for name, row in table.items()
               if row["family"] not in with_scratchpad)
    # 3 + 2 tile rows of staging plus 2 x 32 B on Wormhole; 2 tile rows plus 2 x 64 B on Blackhole.
    block = table["to_layout 64x4096 row_major dram->tile l1"]["ttnn"]["scratchpad"]
    assert block == {"wormhole_b0": 448, "blackhole": 256}[device]
    assert table["slice 2x3x64x128 [0:2, 1:3, 0:64, 0:64] dram->dram"]["ttnn"]["scratchpad"] == 16
    # 4 x (a 128 B stick + one DRAM alignment unit): 32 B on Wormhole, 64 B on Blackhole.
    stem = table["max_pool2d 1x112x112x64 k3s2p1 dram_rm->pool_hs"]["ttnn"]["scratchpad"]
    assert stem == {"wormhole_b0": 640, "blackhole": 768}[device]
    relu = table["relu 64x1024 l1->l1"]["ttnn"]  # shared/docs/ttnn.md's measured example
    assert (relu["cb"], relu["l1"], relu["total"]) == (8192, 2048, 10240)


@pytest.mark.parametrize("name", [case.name for case in calibration.CASES])
def test_case_matches_or_is_a_recorded_difference(rows, name):
    device, table = rows
    row = table[name]
    if name in calibration.differences(device):
        assert row["verdict"] == "difference", f"{name} now matches ttnn 0.81.1 on {device}: drop it from its list"
    else:
        assert row["verdict"].startswith("match"), f"{device} {name}: ttnn {row['ttnn']} vs model {row['model']}"


def test_new_families_meet_the_agreement_target(rows):
    device, table = rows
    figures = calibration.agreement(list(table.values()))
    for family in TARGET_FAMILIES:
        assert all(figures[family][field] >= TARGET for field in calibration.AGREEMENT_FIELDS), \
            f"{device} {family}: {figures[family]}"


def test_blackhole_sizes_differ_from_wormhole():
    """The Blackhole answers are Blackhole's: 130 L1 banks hold what Wormhole's 64 hold in twice the bytes."""
    case = next(c for c in calibration.CASES if c.name == "repeat 64x1024 x(3, 1) l1->l1")
    assert calibration.query_model(case, "wormhole_b0")["out"] == 6144  # 192 tiles / 64 banks x 2048 B
    assert calibration.query_model(case, "blackhole")["out"] == 4096  # ceil(192 / 130) x 2048 B


def test_docs_table_is_the_harness_output(rows):
    """docs/op-model.md carries each device's calibration table exactly as the harness prints it."""
    _, table = rows
    doc = (ROOT / "docs" / "op-model.md").read_text()
    ordered = [table[case.name] for case in calibration.CASES]
    assert calibration.markdown(ordered) in doc
    assert calibration.agreement_markdown(ordered) in doc
