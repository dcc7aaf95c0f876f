"""ttnn 0.81.1's answers on tt-metal's mock devices, recorded, and the op model compared with them.

The calibration's fixed cases (bench/opmodel_calibration.py) and the random held-out draws
(bench/opmodel_random.py) are both lists of ``Case`` records. This module:

- runs a list of cases as real ttnn ops under NO_DISPATCH graph capture on a mock Wormhole or
  Blackhole device, in a child process (``--on-mock-device``) that survives nothing: a case that
  takes the child down (ttnn aborts on some inputs) is recorded as such and the run goes on in a
  new child from the next case;
- records what ttnn answered as JSON under test/data/opmodel/ (ttnn is pinned, so its side of
  every case is a constant: ``make test`` reads the recording instead of running ttnn);
- asks the op model the same question (the case's MLIR module, kept in the recording) and
  classifies the pair.

Per case and device ttnn's figures are

    cb     = peak_cb + peak_dataflow_buffer   (ttnn counts circular and dataflow buffers apart)
    l1     = peak_l1                           (tensors the op allocates in L1)
    total  = peak_total
    out    = per-bank size of the L1 buffers the op allocates and does not free (its outputs)
    scratchpad = peak_scratchpad               (part of total; kept for the record)

or ``{"error": ...}`` when ttnn rejected the call, ``{"crash": ...}`` when it took its process down,
``{"invalid_input": ...}`` when the inputs themselves could not be placed (a case that cannot exist).

Placements are keys of a case table's LAYOUTS, or generated ones written ``g:<where>`` (see
``Placement``), which need no table: the random draw uses those.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import json
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
DATA = ROOT / "test" / "data" / "opmodel"
TTNN_VERSION = "0.81.1"

# The mock devices: the op model's device name (``device=``) -> the cluster descriptor
# (test/data/mock-cluster/, copies of shared/data/mock-cluster/).
DEVICES = {"wormhole_b0": "wormhole_N150.yaml", "blackhole": "blackhole_P150.yaml"}
FIELDS = ("cb", "l1", "total", "out")
# bfp8_b tensors carry bf16 elements; u32 ones ui32 indices.
ELEMENT = {"bf16": "bf16", "f32": "f32", "bfp8_b": "bf16", "u32": "ui32"}


@dataclass(frozen=True)
class Operand:
    shape: tuple[int, ...]
    placement: str  # a key of the case table's LAYOUTS, or a generated placement ("g:...")
    dtype: str = "bf16"  # bf16 | f32 | bfp8_b | u32


@dataclass(frozen=True)
class Case:
    """One op call: ``ir`` is the op's text up to its type (operands %a0, %a1, ...; the types come
    from ``inputs`` and ``output``); ``ttnn_call(ttnn, dev, mc, a)`` makes the same call in ttnn, in
    the child: ``dev`` is the mock device, ``mc`` the memory configs by placement, ``a`` the inputs."""

    name: str
    family: str
    inputs: tuple[Operand, ...]
    output: Operand | tuple[Operand, ...]  # a tuple: the results of a multi-result op, in order
    ir: str
    ttnn_call: Callable[..., Any]


# ---------------------------------------------------------------------------------------------
# Generated placements: "g:dram", "g:l1", "g:dram:rm", "g:hs:8x8:448x32", "g:bs:4x8:64x128:rm".
# ---------------------------------------------------------------------------------------------

SCHEMES = {"hs": "height_sharded", "ws": "width_sharded", "bs": "block_sharded"}
_GENERATED = re.compile(r"g:(?:(dram|l1)|(hs|ws|bs):(\d+)x(\d+):(\d+)x(\d+))(:rm)?")


@dataclass(frozen=True)
class Placement:
    """Where a tensor lives: a DRAM or L1 interleaved buffer, or L1 shards of ``shard`` elements
    over a ``grid`` of rows x columns of cores from (0, 0), row-major shard orientation; ``row_major``
    pages instead of tiles."""

    buffer: str  # dram | l1
    scheme: str = "interleaved"  # interleaved | height_sharded | width_sharded | block_sharded
    grid: tuple[int, int] = (0, 0)
    shard: tuple[int, int] = (0, 0)
    row_major: bool = False

    @staticmethod
    def parse(text: str) -> "Placement":
        match = _GENERATED.fullmatch(text)
        if match is None:
            raise ValueError(f"not a generated placement: {text!r} (g:dram|l1[:rm] or g:hs|ws|bs:RxC:HxW[:rm])")
        buffer, scheme, gr, gc, sh, sw, rm = match.groups()
        if buffer:
            return Placement(buffer, row_major=bool(rm))
        return Placement("l1", SCHEMES[scheme], (int(gr), int(gc)), (int(sh), int(sw)), bool(rm))

    def text(self) -> str:
        rm = ":rm" if self.row_major else ""
        if self.scheme == "interleaved":
            return f"g:{self.buffer}{rm}"
        short = next(k for k, v in SCHEMES.items() if v == self.scheme)
        return f"g:{short}:{self.grid[0]}x{self.grid[1]}:{self.shard[0]}x{self.shard[1]}{rm}"

    def layout(self, dtype: str) -> str:
        head = "row_major, " if self.row_major else ""
        if self.scheme == "interleaved":
            return f"#ttnn.layout<{head}{self.buffer}, interleaved, {dtype}>"
        return (f"#ttnn.layout<{head}l1, {self.scheme}, {dtype}, grid = {self.grid[0]}x{self.grid[1]}, "
                f"shard = {self.shard[0]}x{self.shard[1]}>")

    def memory_config(self, ttnn: Any) -> Any:
        if self.scheme == "interleaved":
            return ttnn.DRAM_MEMORY_CONFIG if self.buffer == "dram" else ttnn.L1_MEMORY_CONFIG
        rows, cols = self.grid
        grid = ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(cols - 1, rows - 1))])
        return ttnn.MemoryConfig(getattr(ttnn.TensorMemoryLayout, self.scheme.upper()), ttnn.BufferType.L1,
                                 ttnn.ShardSpec(grid, list(self.shard), ttnn.ShardOrientation.ROW_MAJOR))


def is_generated(placement: str) -> bool:
    return placement.startswith("g:")


@dataclass(frozen=True)
class CaseTable:
    """What a list of cases needs besides the cases: the IR layouts of its named placements, which of
    them are row-major, and (in the child) their ttnn memory configs."""

    layouts: Mapping[str, str]
    row_major: frozenset[str] = frozenset()
    memory_configs: Callable[[Any, Any], dict[str, Any]] = lambda ttnn, dev: {}

    def layout(self, operand: Operand) -> str:
        if is_generated(operand.placement):
            return Placement.parse(operand.placement).layout(operand.dtype)
        return self.layouts[operand.placement]

    def is_row_major(self, operand: Operand) -> bool:
        if is_generated(operand.placement):
            return Placement.parse(operand.placement).row_major
        return operand.placement in self.row_major or self.layouts[operand.placement].startswith("#ttnn.layout<row_major")


def ir_type(table: CaseTable, operand: Operand) -> str:
    dims = "".join(f"{d}x" for d in operand.shape)
    return f"tensor<{dims}{ELEMENT[operand.dtype]}, {table.layout(operand)}>"


def module_source(table: CaseTable, case: Case) -> str:
    """The one-op module the op model is asked about (recorded beside ttnn's answer)."""
    signature = ", ".join(f"%a{i}: {ir_type(table, o)}" for i, o in enumerate(case.inputs))
    operand_types = ", ".join(ir_type(table, o) for o in case.inputs)
    outputs = case.output if isinstance(case.output, tuple) else (case.output,)
    result = ", ".join(ir_type(table, o) for o in outputs)
    op_type = f"{operand_types} -> {result}" if case.inputs else result
    names = "%r" if len(outputs) == 1 else f"%r:{len(outputs)}"
    return f"func.func @f({signature}) {{\n  {names} = {case.ir} : {op_type}\n  return\n}}"


# ---------------------------------------------------------------------------------------------
# Which cases a child runs: the fixed calibration, or a random draw, optionally of some families.
# ---------------------------------------------------------------------------------------------


def _sibling(name: str) -> Any:
    """A module beside this file, loaded by path once (the harness also runs as an imported module)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, pathlib.Path(__file__).resolve().with_name(f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class Selection:
    """``source`` is "fixed" (the calibration's cases) or "random" (a draw of ``count`` cases per
    family from ``seed``); ``families`` narrows either (empty: all)."""

    source: str = "fixed"
    seed: int = 0
    count: int = 0
    families: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # only these cases (the live check's sample)
    bias: str = ""  # a random draw's lean (opmodel_random.BIASES)

    def args(self) -> list[str]:
        args = ["--source", self.source, "--seed", str(self.seed), "--count", str(self.count)]
        args += ["--bias", self.bias] if self.bias else []
        args += [arg for family in self.families for arg in ("--family", family)]
        return args + [arg for name in self.names for arg in ("--name", name)]

    def load(self) -> tuple[CaseTable, tuple[Case, ...]]:
        if self.source == "fixed":
            module = _sibling("opmodel_calibration")
            table, cases = module.TABLE, module.selected_cases(self.families)
        else:
            module = _sibling("opmodel_random")
            table, cases = module.TABLE, module.draw(self.seed, self.count, self.families, self.bias)
        if self.names:
            unknown = set(self.names) - {case.name for case in cases}
            if unknown:
                raise ValueError(f"no such cases: {sorted(unknown)}")
            cases = tuple(case for case in cases if case.name in self.names)
        return table, cases


# ---------------------------------------------------------------------------------------------
# The child: ttnn on the mock device.
# ---------------------------------------------------------------------------------------------


def _output_bytes_per_core(trace: list[dict]) -> int:
    """Per-bank size of the L1 buffers allocated during the capture and not freed: the outputs."""
    allocated: dict[int, int] = {}
    for node in trace:
        params = node.get("params") or {}
        if node["node_type"] == "buffer_allocate" and params.get("type") == "L1":
            allocated[node["connections"][0]] = int(params["max_size_per_bank"])
        elif node["node_type"] == "buffer_deallocate":
            for buffer in node["connections"]:
                allocated.pop(buffer, None)
    return sum(allocated.values())


class _MemoryConfigs(dict):
    """The table's named memory configs; generated placements are built when first asked for."""

    def __init__(self, ttnn: Any, named: dict[str, Any]) -> None:
        super().__init__(named)
        self._ttnn = ttnn

    def __missing__(self, placement: str) -> Any:
        config = Placement.parse(placement).memory_config(self._ttnn)
        self[placement] = config
        return config


# A child stops after this many cases, or once it holds more than CHILD_RSS_LIMIT bytes: ttnn's mock
# device keeps what every program it created allocated (the large convolutions grow a process by
# hundreds of MB each; 10 GB after 50 of them), so one long run would run out of memory. A new child
# opens a new device (about a second).
CASES_PER_CHILD = 200
CHILD_RSS_LIMIT = 3 << 30


def _resident_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096


def run_on_mock_device(selection: Selection, after: str | None = None, limit: int = CASES_PER_CHILD) -> None:
    """Runs the selected cases (those after ``after``, when given) and prints one ``CASE <json>`` line
    per case as soon as it is done, so that a parent can go on after a case that kills this process;
    after ``limit`` cases or CHILD_RSS_LIMIT bytes it stops and prints ``MORE``."""
    import numpy as np
    import ttnn

    table, cases = selection.load()
    if after is not None:
        names = [case.name for case in cases]
        cases = cases[names.index(after) + 1:]
    remaining = len(cases)
    graph = ttnn._ttnn.graph
    dev = ttnn.open_device(device_id=0)
    dtypes = {"bf16": ttnn.bfloat16, "f32": ttnn.float32, "bfp8_b": ttnn.bfloat8_b, "u32": ttnn.uint32}
    try:
        mc = _MemoryConfigs(ttnn, table.memory_configs(ttnn, dev))

        def device_tensor(operand: Operand) -> Any:
            # Host tensor first: ttnn.Tensor(..., device=, mem_config=<sharded>) fails without torch.
            values = (np.zeros(operand.shape, dtype=np.uint32) if operand.dtype == "u32"  # row 0 of any table
                      else np.ones(operand.shape, dtype=np.float32))
            host = ttnn.Tensor(values, data_type=dtypes[operand.dtype],
                               layout=ttnn.ROW_MAJOR_LAYOUT if table.is_row_major(operand) else ttnn.TILE_LAYOUT)
            return ttnn.to_device(host, dev, memory_config=mc[operand.placement])

        for case in cases:
            print(f"BEGIN {json.dumps(case.name)}", flush=True)
            try:
                a = [device_tensor(operand) for operand in case.inputs]  # allocated before the capture
            except RuntimeError as exc:
                print("CASE " + json.dumps([case.name, {"invalid_input": str(exc).splitlines()[0]}]), flush=True)
                continue
            graph.begin_graph_capture(graph.RunMode.NO_DISPATCH)
            error, output = None, None
            try:
                # Keep the output alive until the capture ends: freeing it would record a deallocation.
                output = case.ttnn_call(ttnn, dev, mc, a)
            except RuntimeError as exc:  # ttnn's TT_FATAL / TT_THROW
                error = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            trace = graph.end_graph_capture()
            del output
            if error is not None:
                figures: dict[str, Any] = {"error": error}
            else:
                peak = graph.extract_resource_usage_per_core(trace)
                figures = {"cb": peak.peak_cb + peak.peak_dataflow_buffer, "l1": peak.peak_l1,
                           "total": peak.peak_total, "out": _output_bytes_per_core(trace),
                           "scratchpad": peak.peak_scratchpad}
            del a
            print("CASE " + json.dumps([case.name, figures]), flush=True)
            remaining -= 1
            limit -= 1
            if remaining and (limit <= 0 or _resident_bytes() > CHILD_RSS_LIMIT):
                break
    finally:
        ttnn.close_device(dev)
    if remaining:
        print("MORE", flush=True)


# ---------------------------------------------------------------------------------------------
# The parent: children on a mock device until every case has an answer.
# ---------------------------------------------------------------------------------------------


def capture(device: str, selection: Selection, progress: Callable[[str], None] | None = None) -> dict[str, dict]:
    """ttnn's figures for every selected case on ``device``. No timeout: the captures take what the
    machine gives them (a few minutes a device for the whole calibration when idle)."""
    sys.path.insert(0, str(ROOT / "test" / "python"))
    import mock_ttnn_env

    _, cases = selection.load()
    names = [case.name for case in cases]
    results: dict[str, dict] = {}
    cluster = ROOT / "test" / "data" / "mock-cluster" / DEVICES[device]
    after: str | None = None
    killed: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="ttlang-capture-") as base:
        prepared = mock_ttnn_env.prepare(pathlib.Path(base), cluster)
        while len(results) < len(names):
            command = [sys.executable, str(pathlib.Path(__file__).resolve()), "--on-mock-device", *selection.args()]
            if after is not None:
                command += ["--after", after]
            # stderr to a file: ttnn logs freely, and a full pipe nobody reads would stall the child.
            log = pathlib.Path(base) / "child.stderr"
            with log.open("w") as err:
                child = subprocess.Popen(command, env=prepared.env, cwd=prepared.workdir, stdout=subprocess.PIPE,
                                         stderr=err, text=True)
            started: str | None = None
            last: str | None = None
            more = False
            assert child.stdout is not None
            for line in child.stdout:
                if line.startswith("BEGIN "):
                    started = json.loads(line[len("BEGIN "):])
                elif line.startswith("CASE "):
                    name, figures = json.loads(line[len("CASE "):])
                    results[name] = figures
                    started, last = None, name
                    if progress:
                        progress(name)
                elif line.strip() == "MORE":
                    more = True
            code = child.wait()
            stderr = log.read_text(errors="replace")
            if code == 0 and started is None:
                if not more:
                    break
                after = last
                continue
            if started is None:  # died between cases, or before the first: not a case's doing
                raise RuntimeError(f"the mock-device run on {device} failed ({code}):\n{stderr[-3000:]}")
            if code == -signal.SIGKILL and killed.get(started, 0) < 2:
                # The machine's out-of-memory killer, not the case: run it again in a new child.
                killed[started] = killed.get(started, 0) + 1
                after = last or after
                continue
            results[started] = {"crash": f"ttnn's process ended with {code}: {_last_line(stderr)}"}
            after = started
    missing = [name for name in names if name not in results]
    if missing:
        raise RuntimeError(f"no answer from ttnn on {device} for {missing[:5]}")
    return {name: results[name] for name in names}


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else "no message"


# ---------------------------------------------------------------------------------------------
# The model's side and the comparison.
# ---------------------------------------------------------------------------------------------


class ModelAsker:
    """Asks ``ttlang.opmodel`` about recorded modules, in one MLIR context."""

    def __init__(self) -> None:
        import ttlang
        from ttlang import opmodel

        self._ttlang, self._opmodel = ttlang, opmodel
        self._context = ttlang.create_context()

    def ask(self, source: str, device: str) -> dict:
        from mlir import ir

        try:
            module = self._ttlang.parse_module(source, self._context)
        except ir.MLIRError as exc:  # the verifier rejects the op: a rejection of the model's
            return {"error": f"invalid: {str(exc).splitlines()[0]}", "status": "invalid"}
        op = module.body.operations[0].regions[0].blocks[0].operations[0].operation
        try:
            c = self._opmodel.query_constraints(op, device=device)
        except self._opmodel.OpModelError as exc:
            return {"error": f"{exc.status.name.lower()}: {exc.message}", "status": exc.status.name.lower()}
        return {"cb": c.cb_peak, "l1": c.tensor_l1_peak, "total": c.overall_peak, "out": c.output_size}


def verdict(ttnn_figures: dict, model: dict) -> str:
    """The fixed calibration's verdict: "match", "match (both reject)" or "difference"."""
    if "error" in ttnn_figures or "error" in model:
        return "match (both reject)" if "error" in ttnn_figures and "error" in model else "difference"
    return "match" if all(ttnn_figures[f] == model[f] for f in FIELDS) else "difference"


# The held-out classes (docs/op-model.md, "Held-out random draw"): a legal answer with numbers is
# exact, or the op says not_implemented; anything else is wrong.
CLASSES = ("exact", "not_implemented", "wrong")


def classify(ttnn_figures: dict, model: dict) -> str | None:
    """The class of one random case; None for a case that cannot be judged (ttnn could not place its
    inputs, or the case took ttnn's process down: no answer to compare with)."""
    if "invalid_input" in ttnn_figures or "crash" in ttnn_figures:
        return None
    if model.get("status") == "not_implemented":
        return "not_implemented"
    if "error" in ttnn_figures or "error" in model:
        return "exact" if "error" in ttnn_figures and "error" in model else "wrong"
    return "exact" if all(ttnn_figures[f] == model[f] for f in FIELDS) else "wrong"


# ---------------------------------------------------------------------------------------------
# Recordings: test/data/opmodel/<name>.json, one case per line.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RecordedCase:
    name: str
    family: str
    module: str
    ttnn: Mapping[str, dict]  # device -> figures


@dataclass(frozen=True)
class Recording:
    selection: Selection
    cases: tuple[RecordedCase, ...]

    def by_name(self) -> dict[str, RecordedCase]:
        return {case.name: case for case in self.cases}


def record(table: CaseTable, cases: Sequence[Case], captures: Mapping[str, Mapping[str, dict]],
           selection: Selection) -> Recording:
    return Recording(selection, tuple(
        RecordedCase(case.name, case.family, module_source(table, case),
                     {device: dict(captures[device][case.name]) for device in captures})
        for case in cases))


def write_recording(recording: Recording, path: pathlib.Path) -> None:
    head = {"ttnn": TTNN_VERSION, "devices": sorted({d for c in recording.cases for d in c.ttnn}),
            "selection": dataclasses.asdict(recording.selection)}
    lines = ["{", f'"head": {json.dumps(head)},', '"cases": [']
    body = [json.dumps(dataclasses.asdict(case), sort_keys=True) for case in recording.cases]
    lines.append(",\n".join(body))
    lines += ["]", "}", ""]
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines))
    tmp.replace(path)


def read_recording(path: pathlib.Path) -> Recording:
    data = json.loads(path.read_text())
    head = data["head"]
    if head["ttnn"] != TTNN_VERSION:
        raise ValueError(f"{path} records ttnn {head['ttnn']}, the pinned ttnn is {TTNN_VERSION}: run make calibrate")
    selection = Selection(**{k: tuple(v) if isinstance(v, list) else v for k, v in head["selection"].items()})
    return Recording(selection, tuple(RecordedCase(c["name"], c["family"], c["module"], c["ttnn"])
                                      for c in data["cases"]))


def merge(base: Recording, update: Recording) -> Recording:
    """``base`` with ``update``'s cases replacing or joining it, in ``update``'s case order where new."""
    updated = update.by_name()
    merged = [updated.pop(case.name, case) for case in base.cases]
    return Recording(base.selection, tuple(merged) + tuple(updated.values()))


# ---------------------------------------------------------------------------------------------
# Reports.
# ---------------------------------------------------------------------------------------------


def held_out_report(rows: Iterable[tuple[str, str | None]]) -> dict[str, dict[str, int]]:
    """Per family: the number of cases of each class (and ``unjudged``)."""
    report: dict[str, dict[str, int]] = {}
    for family, klass in rows:
        counts = report.setdefault(family, {k: 0 for k in (*CLASSES, "unjudged")})
        counts[klass or "unjudged"] += 1
    return dict(sorted(report.items()))


def held_out_markdown(per_device: Mapping[str, Mapping[str, Mapping[str, int]]]) -> str:
    """One row per family: exact / not_implemented / wrong in % of the judged cases, per device."""
    devices = list(per_device)
    header = "| family | " + " | ".join(f"{d}: cases, exact, not impl., wrong" for d in devices) + " |"
    lines = [header, "|---|" + "---|" * len(devices)]
    families = sorted({f for report in per_device.values() for f in report})
    totals = {d: {k: 0 for k in (*CLASSES, "unjudged")} for d in devices}

    def cell(counts: Mapping[str, int]) -> str:
        judged = sum(counts[k] for k in CLASSES)
        if not judged:
            return "0"
        pct = lambda k: f"{100 * counts[k] / judged:.0f}%"  # noqa: E731
        return f"{judged}, {pct('exact')}, {pct('not_implemented')}, {pct('wrong')}"

    for family in families:
        cells = []
        for d in devices:
            counts = per_device[d].get(family, {k: 0 for k in (*CLASSES, "unjudged")})
            for k in totals[d]:
                totals[d][k] += counts[k]
            cells.append(cell(counts))
        lines.append(f"| {family} | " + " | ".join(cells) + " |")
    lines.append("| **all** | " + " | ".join(f"**{cell(totals[d])}**" for d in devices) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description="internal: the mock-device child of the op-model captures")
    parser.add_argument("--on-mock-device", action="store_true", required=True)
    parser.add_argument("--source", choices=("fixed", "random"), default="fixed")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=0)
    parser.add_argument("--family", action="append", default=[])
    parser.add_argument("--name", action="append", default=[])
    parser.add_argument("--bias", default="")
    parser.add_argument("--after")
    args = parser.parse_args()
    sys.modules.setdefault("opmodel_capture", sys.modules["__main__"])  # the case tables import it by name
    run_on_mock_device(Selection(args.source, args.seed, args.count, tuple(args.family), tuple(args.name), args.bias),
                       args.after)
    return 0


if __name__ == "__main__":
    sys.exit(main())
