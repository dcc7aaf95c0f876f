"""The op model against ttnn 0.81.1's recorded answers on tt-metal's mock Wormhole and Blackhole
devices (bench/opmodel_calibration.py, bench/opmodel_random.py, test/data/opmodel/).

ttnn is pinned, so its side of every case is a constant: ``make calibrate`` ran each case as the real
ttnn op on both mock devices and recorded the figures. These tests ask the op model the recorded
questions (seconds, whatever the machine's load) and:

- the fixed cases must match on cb, l1, total and out (or both reject), unless listed in the device's
  recorded differences with a reason; a listed case must still differ;
- the recorded random draw (held out: its cases were never fitted) must have no wrong answer: each
  case exact, or not_implemented;
- one case per family still runs live on each mock device and must answer as recorded, so a ttnn that
  drifted from the recording is caught.

``pytest -m calibration`` runs only these; ``--family F`` (repeatable) narrows them to some families.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from typing import Any

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import opmodel_calibration as calibration  # noqa: E402
import opmodel_capture as capture  # noqa: E402
import opmodel_random  # noqa: E402

pytestmark = pytest.mark.calibration

# Every op family the op model answers (docs/op-model.md), one case at least each; deallocate has
# no L1 figures to compare.
FAMILIES = {"unary eltwise", "binary eltwise", "where", "reduction", "matmul", "softmax", "transpose",
            "typecast", "to_memory_config", "concatenate_heads", "creation",
            "activation", "pow", "activation backward", "normalization", "rotary embedding", "attention",
            "concat", "slice", "repeat", "to_layout", "reshape", "permute", "pad", "embedding", "argmax", "linear",
            "max_pool2d", "conv2d", "softmax/layer_norm backward (moreh)"}
# Held to >= 95% exact agreement on cb, l1, out and legality per family, on both devices.
TARGET_FAMILIES = {"concat", "slice", "repeat", "binary eltwise", "activation", "pow", "activation backward",
                   "normalization", "rotary embedding", "attention", "to_layout", "reshape", "permute", "pad",
                   "embedding", "argmax", "linear", "matmul", "max_pool2d", "conv2d",
                   "softmax/layer_norm backward (moreh)"}
TARGET = 0.95

RECORDING = capture.read_recording(calibration.RECORDING)
RANDOM = (capture.read_recording(opmodel_random.RECORDING) if opmodel_random.RECORDING.exists()
          else capture.Recording(capture.Selection("random"), ()))
DEVICES = tuple(capture.DEVICES)


@pytest.fixture(scope="session")
def asker() -> capture.ModelAsker:
    return capture.ModelAsker()


@pytest.fixture(scope="session")
def families(request) -> tuple[str, ...]:
    return tuple(request.config.getoption("--family") or ())


def _selected(recording: capture.Recording, families: tuple[str, ...]) -> tuple[capture.RecordedCase, ...]:
    return tuple(case for case in recording.cases if not families or case.family in families)


def _ids(recording: capture.Recording) -> list[Any]:
    """The cases as parameters marked with their family (``--family`` deselects the others)."""
    return [pytest.param(case.name, marks=pytest.mark.family(case.family), id=case.name) for case in recording.cases]


@pytest.fixture(scope="session")
def fixed_rows(asker, families) -> dict[str, dict[str, dict]]:
    """Per device, the comparison row of every (selected) fixed case, by name."""
    return {device: {row["case"]: row for row in calibration.compare(RECORDING, device, asker, families)}
            for device in DEVICES}


def test_the_recording_holds_every_case_as_written():
    """A case changed or added without `make calibrate` leaves the recording stale: say which."""
    recorded = RECORDING.by_name()
    stale = [case.name for case in calibration.CASES
             if case.name not in recorded or recorded[case.name].module != capture.module_source(calibration.TABLE, case)]
    assert not stale, f"record these with `make calibrate FAMILY=...`: {stale[:10]}"
    assert [case.name for case in RECORDING.cases] == [case.name for case in calibration.CASES]
    assert all(set(case.ttnn) == set(DEVICES) for case in RECORDING.cases)


def test_every_family_has_cases():
    assert {case.family for case in calibration.CASES} == FAMILIES
    names = [case.name for case in calibration.CASES]
    assert len(names) == len(set(names))
    for device in DEVICES:
        assert set(calibration.differences(device)) <= set(names)
    assert any(case.name.startswith("cbrt") for case in calibration.CASES)


@pytest.mark.parametrize("device", DEVICES)
def test_only_the_deliberately_illegal_cases_were_rejected(device):
    table = {case.name: case.ttnn[device] for case in RECORDING.cases}
    family = {case.name: case.family for case in RECORDING.cases}
    rejected = {name for name, figures in table.items() if "error" in figures}
    assert rejected == {"add 64x1024 + 2048x2048 (incompatible)", "sum 64x1024 dims [1, 2] (out of range)",
                        "concat 64x1024 f32, 64x1024 bf16 dim 0 (mixed data types)",
                        "slice 64x1024 [0:64, 0:1024:2] dram->dram bfp8_b",  # ttnn: no bfp8_b untilize
                        *calibration.compute.REJECTED,
                        *calibration.data.REJECTED, *calibration.cnn.REJECTED, *calibration.LAYOUT_REJECTED,
                        *calibration.REDUCTION_REJECTED,
                        *calibration.matmul_cases.REJECTED,
                        *(calibration.matmul_cases.REJECTED_ON_BLACKHOLE if device == "blackhole" else ()),
                        *(calibration.matmul_cases.REJECTED_ON_WORMHOLE if device == "wormhole_b0" else ()),
                        *(calibration.data.REJECTED_ON_BLACKHOLE if device == "blackhole" else ()),
                        *(calibration.LAYOUT_REJECTED_ON_BLACKHOLE if device == "blackhole" else ()),
                        *(calibration.compute.REJECTED_ON_WORMHOLE if device == "wormhole_b0" else ())}
    assert not [name for name, figures in table.items() if "crash" in figures or "invalid_input" in figures]
    # The scratchpad is part of total, not of cb; only slice has one (its bounds, 4 B per dimension),
    # the data families that keep a tile, an index block or a result row there, the CNN ops (the
    # row-major input's reshard into L1, Pool.cpp / Conv.cpp), to_layout (ttnn's block tilize stages
    # its rows there), repeat and concat (their native row-major programs, block tilizes and
    # row-major copies, LayoutOps.cpp), to_memory_config (its row-major copy's input page and
    # interleaved_to_sharded's staged rows, DataMovement.cpp), the reductions (their final
    # reshape's tile, fast_reduce_nc's slice) and pow (x ** 1's row-major copy, Eltwise.cpp).
    with_scratchpad = {"slice", "max_pool2d", "conv2d", "to_layout", "repeat", "concat", "to_memory_config",
                       "reduction", "pow",
                       *calibration.data.SCRATCHPAD_FAMILIES}
    assert all(figures.get("scratchpad", 0) == 0 for name, figures in table.items()
               if family[name] not in with_scratchpad)
    # 3 + 2 tile rows of staging plus 2 x 32 B on Wormhole; 2 tile rows plus 2 x 64 B on Blackhole.
    block = table["to_layout 64x4096 row_major dram->tile l1"]["scratchpad"]
    assert block == {"wormhole_b0": 448, "blackhole": 256}[device]
    assert table["slice 2x3x64x128 [0:2, 1:3, 0:64, 0:64] dram->dram"]["scratchpad"] == 16
    # 4 x (a 128 B stick + one DRAM alignment unit): 32 B on Wormhole, 64 B on Blackhole.
    stem = table["max_pool2d 1x112x112x64 k3s2p1 dram_rm->pool_hs"]["scratchpad"]
    assert stem == {"wormhole_b0": 640, "blackhole": 768}[device]
    relu = table["relu 64x1024 l1->l1"]  # shared/docs/ttnn.md's measured example
    assert (relu["cb"], relu["l1"], relu["total"]) == (8192, 2048, 10240)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("name", _ids(RECORDING))
def test_case_matches_or_is_a_recorded_difference(fixed_rows, device, name):
    row = fixed_rows[device][name]
    if name in calibration.differences(device):
        assert row["verdict"] == "difference", f"{name} now matches ttnn 0.81.1 on {device}: drop it from its list"
    else:
        assert row["verdict"].startswith("match"), f"{device} {name}: ttnn {row['ttnn']} vs model {row['model']}"


@pytest.mark.parametrize("device", DEVICES)
def test_families_meet_the_agreement_target(fixed_rows, device):
    figures = calibration.agreement(list(fixed_rows[device].values()))
    for family in TARGET_FAMILIES & set(figures):
        assert all(figures[family][field] >= TARGET for field in calibration.AGREEMENT_FIELDS), \
            f"{device} {family}: {figures[family]}"


def test_blackhole_sizes_differ_from_wormhole(asker):
    """The Blackhole answers are Blackhole's: 130 L1 banks hold what Wormhole's 64 hold in twice the bytes."""
    module = RECORDING.by_name()["repeat 64x1024 x(3, 1) l1->l1"].module
    assert asker.ask(module, "wormhole_b0")["out"] == 6144  # 192 tiles / 64 banks x 2048 B
    assert asker.ask(module, "blackhole")["out"] == 4096  # ceil(192 / 130) x 2048 B


def test_docs_tables_are_the_recordings(fixed_rows, families):
    """docs/op-model.md carries the agreement table of the recording and today's model, and the
    held-out report of the recorded draw (``make calibration-docs`` rewrites them); the recorded
    differences are data (the cases modules), printed by bench/opmodel_calibration.py."""
    if families:
        pytest.skip("the docs tables cover every family")
    doc = calibration.DOCS.read_text()
    tables = {device: [fixed_rows[device][case.name] for case in RECORDING.cases] for device in DEVICES}
    assert calibration.doc_block(doc, "calibration-agreement") == calibration.agreement_markdown(tables)


# ---------------------------------------------------------------------------------------------
# The recorded random draw: held out, so no wrong answer.
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def random_rows(asker) -> dict[str, dict[str, dict]]:
    rows = opmodel_random.judge(RANDOM, asker, DEVICES)
    return {device: {row["case"]: row for row in device_rows} for device, device_rows in rows.items()}


def test_the_random_draw_is_its_seeds():
    if not RANDOM.cases:
        pytest.skip("no random draw is recorded yet (make calibrate)")
    """The recorded cases are what the generators draw from the recorded seed today: a generator
    changed without `make calibrate` would judge the model on questions nobody asked ttnn."""
    selection = RANDOM.selection
    drawn = opmodel_random.draw(selection.seed, selection.count, selection.families)
    assert [case.name for case in drawn] == [case.name for case in RANDOM.cases]
    recorded = RANDOM.by_name()
    assert all(recorded[case.name].module == capture.module_source(opmodel_random.TABLE, case) for case in drawn)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("name", _ids(RANDOM))
def test_random_case_is_exact_or_not_implemented(random_rows, families, device, name):
    row = random_rows[device][name]
    assert row["class"] != "wrong", f"{device} {name}: ttnn {row['ttnn']} vs model {row['model']}"


def test_docs_report_the_recorded_draw(random_rows, families):
    if not RANDOM.cases:
        pytest.skip("no random draw is recorded yet (make calibrate)")
    if families:
        pytest.skip("the docs tables cover every family")
    doc = calibration.DOCS.read_text()
    rows = {device: list(random_rows[device].values()) for device in DEVICES}
    assert calibration.doc_block(doc, "held-out") == opmodel_random.held_out_section(RANDOM, rows)


# ---------------------------------------------------------------------------------------------
# Live: ttnn still answers as recorded (one case per family per device).
# ---------------------------------------------------------------------------------------------


def _live_sample(families: tuple[str, ...]) -> tuple[str, ...]:
    first: dict[str, str] = {}
    for case in calibration.CASES:
        if not families or case.family in families:
            first.setdefault(case.family, case.name)
    return tuple(first.values())


@pytest.mark.parametrize("device", DEVICES)
def test_ttnn_still_answers_as_recorded(device, families):
    if importlib.util.find_spec("ttnn") is None:
        pytest.skip("ttnn is not installed")
    sample = _live_sample(families)
    live = capture.capture(device, capture.Selection("fixed", names=sample))
    recorded = RECORDING.by_name()
    drifted = {name: (recorded[name].ttnn[device], figures) for name, figures in live.items()
               if figures != recorded[name].ttnn[device]}
    assert not drifted, f"ttnn on the mock {device} no longer answers as recorded (recorded, live): {drifted}"
