"""Held-out random draws for the op model: seeded random cases of every family, run as the real ttnn
0.81.1 ops on both mock devices and compared with the op model.

The calibration's fixed cases (bench/opmodel_calibration.py) were chosen while the rules were fitted;
these are not. Per family, a generator draws shapes (tile-aligned or not, ranks 1 to 4), data types,
placements (DRAM / L1 interleaved, height / width / block shards on random grids) and the op's own
arguments the way a user of ttnn would write them, including calls ttnn rejects. Every case is judged
(bench/opmodel_capture.py, ``classify``):

    exact            the model answers the same cb / l1 / total / out as ttnn, or both reject the call
    not_implemented  the model says it does not know (an honest answer)
    wrong            anything else: numbers that differ, a rejection of a call ttnn runs, numbers for
                     a call ttnn rejects

Cases ttnn cannot even place the inputs of, or that take ttnn's process down, are not judged.

    .venv/bin/python bench/opmodel_random.py [--seed S] [--count N] [--family F ...] [--device D]
        draw N cases per family (default 8) from seed S (default: a fresh one, printed), run them on
        the mock devices and print the report
    .venv/bin/python bench/opmodel_random.py --record [...]
        the same, and record the draw in test/data/opmodel/random.json (``make calibrate`` does this)
    .venv/bin/python bench/opmodel_random.py --replay
        the recorded draw against today's model (no ttnn; seconds)

A case's random generator is ``random.Random(f"{seed}:{family}:{index}")``: the same seed gives the
same cases whatever families are selected. ``--bias stress`` leans the same generators (as seeded and
reproducible) to what the rules were least measured on: sharded placements, row-major operands,
dimensions that are not tile multiples, bfp8_b and f32, ranks 3 and 4.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import importlib
import math
import pathlib
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

HERE = pathlib.Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import opmodel_capture as capture  # noqa: E402

Case, Operand, Placement = capture.Case, capture.Operand, capture.Placement
RECORDING = capture.DATA / "random.json"
# Generated placements only: no named layouts.
TABLE = capture.CaseTable({})
DEFAULT_COUNT = 8

# The data types a tensor of a tiled op is drawn in, and their weights (bf16 most often).
TILED_DTYPES = ("bf16", "bf16", "f32", "bfp8_b")
# Row-major tensors take bf16 or f32 (bfp8_b is a tile format).
ROW_MAJOR_DTYPES = ("bf16", "bf16", "f32")
TILE = 32
# Both mock devices have at least 8 x 8 worker cores (Blackhole: 10 rows of 13): every generated grid
# fits both.
MAX_GRID = (8, 8)




@dataclasses.dataclass(frozen=True)
class Bias:
    """How a draw leans. The generators draw as a user would (``Bias()``); a bias raises the shares
    below where a generator draws a placement, a layout, a dimension, a rank or a data type, without
    changing which random numbers it draws (the default bias gives the default draw)."""

    sharded: float = 0.0  # the least chance that a tensor a generator may shard is sharded
    row_major: float = 0.0  # the least chance of a row-major operand, where a generator draws one at all
    aligned: float = 1.0  # scales the chance that a dimension is a tile multiple
    ranks: tuple[int, ...] = (1, 2, 2, 2, 3, 3, 4)
    tiled_dtypes: tuple[str, ...] = ("bf16", "bf16", "f32", "bfp8_b")


BIASES = {"": Bias(), "stress": Bias(sharded=0.6, row_major=0.35, aligned=0.5, ranks=(2, 3, 4, 4),
                                     tiled_dtypes=("bf16", "f32", "bfp8_b", "bfp8_b")),
          # Further out than stress: mostly sharded, half row-major, few aligned dimensions, rank 1
          # and 4 more often (the corners a user's graph reaches and a stress draw rarely does).
          "edge": Bias(sharded=0.8, row_major=0.5, aligned=0.3, ranks=(1, 3, 4, 4),
                       tiled_dtypes=("bf16", "f32", "bfp8_b", "bfp8_b"))}
BIAS = BIASES[""]


@contextlib.contextmanager
def biased(name: str) -> Iterator[None]:
    """Draw under the bias ``name`` (one of BIASES)."""
    global BIAS, TILED_DTYPES
    saved = BIAS, TILED_DTYPES
    BIAS = BIASES[name]
    TILED_DTYPES = BIAS.tiled_dtypes
    try:
        yield
    finally:
        BIAS, TILED_DTYPES = saved


def lean_sharded(share: float) -> float:
    return max(share, BIAS.sharded) if share > 0 else share


def lean_row_major(share: float) -> float:
    return max(share, BIAS.row_major) if share > 0 else share


# ---------------------------------------------------------------------------------------------
# Building blocks for the family generators.
# ---------------------------------------------------------------------------------------------


def dims(shape: Sequence[int]) -> str:
    return "x".join(map(str, shape)) if shape else "scalar"


def tiles(n: int) -> int:
    return -(-n // TILE)


def dim(rng: random.Random, low: int = 1, high: int = 1024, aligned: float = 0.6) -> int:
    """A dimension: a tile multiple with probability ``aligned``, else any size in range."""
    if rng.random() < aligned * BIAS.aligned:
        return TILE * rng.randint(max(1, tiles(low)), max(1, high // TILE))
    return rng.randint(low, high)


def shape(rng: random.Random, rank: int | None = None, max_elements: int = 1 << 21, aligned: float = 0.6,
          outer_max: int = 4, inner_max: int = 1024) -> tuple[int, ...]:
    """A tensor shape of rank 1 to 4 (``rank`` to fix it): outer dimensions small, the last two
    ``dim``s, at most ``max_elements`` elements."""
    rank = rank or rng.choice(BIAS.ranks)
    while True:
        inner = [dim(rng, 1, inner_max, aligned) for _ in range(min(rank, 2))]
        outer = [rng.randint(1, outer_max) for _ in range(rank - 2)]
        result = tuple(outer + inner)
        if math.prod(result) <= max_elements:
            return result


def interleaved(rng: random.Random, row_major: bool = False) -> str:
    return Placement(rng.choice(("dram", "l1")), row_major=row_major).text()


def collapsed(shape_: Sequence[int], row_major: bool = False) -> tuple[int, int]:
    """The 2-D tensor ttnn shards: every dimension but the last forms the height (tiled: padded to
    tiles; a 1-D tensor is one row)."""
    width = shape_[-1] if shape_ else 1
    height = math.prod(shape_[:-1]) if len(shape_) > 1 else 1
    if row_major:
        return height, width
    if len(shape_) >= 2:
        height = math.prod(shape_[:-2]) * TILE * tiles(shape_[-2])
    else:
        height = TILE
    return height, TILE * tiles(width)


def sharded(rng: random.Random, shape_: Sequence[int], scheme: str | None = None, row_major: bool = False,
            exact: bool = True) -> str | None:
    """A sharded L1 placement of ``shape_`` (None when the scheme cannot hold it on an 8 x 8 grid): a
    random grid and shards that cover the padded tensor with no empty core when ``exact``, else any
    shard size that covers it (uneven shards, empty cores allowed). Tiled shards are whole tiles."""
    scheme = scheme or rng.choice(("hs", "ws", "bs"))
    height, width = collapsed(shape_, row_major)
    unit = 1 if row_major else TILE
    rows_units, cols_units = -(-height // unit), -(-width // unit)

    def split(units: int, max_cores: int) -> tuple[int, int] | None:
        """(cores, units per shard): cores that each hold a share of ``units``."""
        choices = []
        for cores in range(1, min(max_cores, units) + 1):
            per = -(-units // cores)
            if not exact or -(-units // per) == cores:
                choices.append((cores, per))
        return rng.choice(choices) if choices else None

    if scheme in ("hs", "ws"):
        along_rows = scheme == "hs"
        picked = split(rows_units if along_rows else cols_units, MAX_GRID[0] * MAX_GRID[1])
        grid = _grid_of(rng, picked[0]) if picked else None
        if grid is None:
            return None
        whole_rows = rows_units * unit if not row_major else height
        whole_cols = cols_units * unit if not row_major else width
        shard = (picked[1] * unit, whole_cols) if along_rows else (whole_rows, picked[1] * unit)
    else:
        r, c = split(rows_units, MAX_GRID[0]), split(cols_units, MAX_GRID[1])
        if r is None or c is None:
            return None
        grid = (r[0], c[0])
        shard = (r[1] * unit, c[1] * unit)
    return Placement("l1", capture.SCHEMES[scheme], grid, shard, row_major).text()


# Bytes per element, to keep a generated shard within a core's L1 (bfp8_b: 1088 B a tile).
ELEMENT_BYTES = {"bf16": 2.0, "f32": 4.0, "bfp8_b": 1088 / 1024, "u32": 4.0}
SHARD_BUDGET = 384 * 1024


def sharded_within(rng: random.Random, shape_: Sequence[int], dtype: str, row_major: bool = False,
                   scheme: str | None = None, exact: bool = True, budget: int = SHARD_BUDGET) -> str | None:
    """``sharded``, with a shard of at most ``budget`` bytes (a few tries), or None."""
    for _ in range(4):
        found = sharded(rng, shape_, scheme, row_major, exact)
        if found is None:
            continue
        shard = Placement.parse(found).shard
        if shard[0] * shard[1] * ELEMENT_BYTES[dtype] <= budget:
            return found
    return None


def placed(rng: random.Random, shape_: Sequence[int], dtype: str, row_major: bool = False, share: float = 0.25,
           uneven: float = 0.0) -> str:
    """DRAM or L1 interleaved, or with probability ``share`` sharded in L1 when a shard fits (uneven
    shards, empty cores allowed, with probability ``uneven``)."""
    if rng.random() < lean_sharded(share):
        found = sharded_within(rng, shape_, dtype, row_major, exact=rng.random() >= uneven)
        if found is not None:
            return found
    return interleaved(rng, row_major)


def _grid_of(rng: random.Random, cores: int) -> tuple[int, int] | None:
    """A rectangle of exactly ``cores`` cores within the 8 x 8 grid (rows x columns), if any."""
    options = [(r, cores // r) for r in range(1, MAX_GRID[0] + 1) if cores % r == 0 and cores // r <= MAX_GRID[1]]
    return rng.choice(options) if options else None


def placement(rng: random.Random, shape_: Sequence[int], sharded_share: float = 0.3, row_major: bool = False) -> str:
    """Interleaved (DRAM or L1), or with probability ``sharded_share`` sharded in L1 when it can be."""
    if rng.random() < lean_sharded(sharded_share):
        found = sharded(rng, shape_, row_major=row_major)
        if found is not None:
            return found
    return interleaved(rng, row_major)


def describe(operand: Operand) -> str:
    text = f"{dims(operand.shape)} {operand.placement[2:] if capture.is_generated(operand.placement) else operand.placement}"
    return text if operand.dtype == "bf16" else f"{text} {operand.dtype}"


def array(values: Sequence[int]) -> str:
    return "array<i64: " + ", ".join(map(str, values)) + ">"


# ---------------------------------------------------------------------------------------------
# The draw.
# ---------------------------------------------------------------------------------------------

# family -> a generator of one case from its random generator. Filled by the group modules below.
Generator = Callable[[random.Random], Case]
# The modules that hold the generators, by group of families.
GROUPS = ("opmodel_random_compute", "opmodel_random_data", "opmodel_random_matmul")


def generators() -> dict[str, Generator]:
    found: dict[str, Generator] = {}
    for name in GROUPS:
        module = importlib.import_module(name)
        overlap = set(found) & set(module.GENERATORS)
        if overlap:
            raise RuntimeError(f"families drawn twice: {sorted(overlap)}")
        found.update(module.GENERATORS)
    return found


def draw(seed: int, count: int = DEFAULT_COUNT, families: Sequence[str] = (), bias: str = "") -> tuple[Case, ...]:
    """``count`` cases of each family (of ``families``, or all) under ``bias``, named ``<family> #<i>:
    <what>``."""
    table = generators()
    unknown = set(families) - set(table)
    if unknown:
        raise SystemExit(f"unknown families {sorted(unknown)}; known: {sorted(table)}")
    cases = []
    for family in sorted(table):
        if families and family not in families:
            continue
        for index in range(count):
            with biased(bias):
                case = table[family](random.Random(f"{seed}:{family}:{index}"))
            cases.append(Case(f"{family} #{index}: {case.name}", family, case.inputs, case.output, case.ir,
                              case.ttnn_call))
    return tuple(cases)


def judge(recording: capture.Recording, asker: capture.ModelAsker,
          devices: Sequence[str]) -> dict[str, list[dict]]:
    """Per device, one row per case: ttnn's answer, the model's, the class."""
    rows: dict[str, list[dict]] = {}
    for device in devices:
        rows[device] = []
        for case in recording.cases:
            measured = case.ttnn[device]
            model = asker.ask(case.module, device)
            rows[device].append({"case": case.name, "family": case.family, "ttnn": measured, "model": model,
                                 "class": capture.classify(measured, model)})
    return rows


def report(rows: Mapping[str, list[dict]]) -> str:
    per_device = {device: capture.held_out_report((r["family"], r["class"]) for r in device_rows)
                  for device, device_rows in rows.items()}
    return capture.held_out_markdown(per_device)


def held_out_section(recording: capture.Recording, rows: Mapping[str, list[dict]]) -> str:
    """docs/op-model.md's report of the recorded draw."""
    selection = recording.selection
    per_device = {device: len(device_rows) for device, device_rows in rows.items()}
    cases = ", ".join(f"{n} on {device}" for device, n in per_device.items())
    return (f"Recorded draw: seed {selection.seed}, {selection.count} cases a family ({cases}); "
            "percentages of the judged cases (those ttnn could place and did not crash on).\n\n" + report(rows))


def misses(rows: Mapping[str, list[dict]]) -> str:
    lines = []
    for device, device_rows in rows.items():
        for row in device_rows:
            if row["class"] in ("wrong", "not_implemented") or row["class"] is None:
                what = row["class"] or "unjudged"
                lines.append(f"{device} {what}: {row['case']}\n    ttnn  {row['ttnn']}\n    model {row['model']}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, help="the draw's seed (default: a fresh one)")
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT, help="cases per family")
    parser.add_argument("--family", action="append", default=[])
    parser.add_argument("--device", choices=(*capture.DEVICES, "all"), default="all")
    parser.add_argument("--bias", choices=sorted(b for b in BIASES if b), default="",
                        help="lean the draw (stress: more sharded, row-major, unaligned, bfp8_b, rank 3-4 cases; edge: further)")
    parser.add_argument("--record", action="store_true", help="record the draw (in --file)")
    parser.add_argument("--replay", action="store_true", help="judge the recorded draw with today's model (no ttnn)")
    parser.add_argument("--file", type=pathlib.Path, default=RECORDING,
                        help="the recording --record writes and --replay reads (default: %(default)s)")
    parser.add_argument("--misses", action="store_true", help="list every case that is not exact")
    args = parser.parse_args()
    sys.modules.setdefault("opmodel_random", sys.modules["__main__"])  # the group modules import it by name
    devices = tuple(capture.DEVICES) if args.device == "all" else (args.device,)
    if args.replay:
        recording = capture.read_recording(args.file)
        print(f"recorded draw: seed {recording.selection.seed}, {recording.selection.count} a family")
    else:
        seed = args.seed if args.seed is not None else int(time.time_ns() % 1_000_000_007)
        selection = capture.Selection("random", seed, args.count, tuple(args.family), bias=args.bias)
        print(f"seed {seed}: {args.count} cases a family" + (f", bias {args.bias}" if args.bias else ""),
              file=sys.stderr)
        cases = draw(seed, args.count, args.family, args.bias)
        captures = {device: capture.capture(device, selection) for device in devices}
        recording = capture.record(TABLE, cases, captures, selection)
        if args.record:
            if args.family or len(devices) < len(capture.DEVICES) or args.bias:
                parser.error("--record records a whole unbiased draw: every family on every device")
            capture.write_recording(recording, args.file)
    rows = judge(recording, capture.ModelAsker(), devices)
    if args.misses:
        print(misses(rows))
    print(report(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
