"""L1 spill pass (ttnn-l1-spill-management) time against graph size, two shapes of graph.

- chains: every op consumes the previous one's L1 output (one or two tensors live);
- many-live: 512 L1 tensors produced from a DRAM input, then `t[i] = add(t[i-1],
  t[i-512])`, so about 512 tensors (2048 B per core each, 1 MiB in all) are live at
  every op, each live record part of every stateful query; nothing needs spilling.

Each graph is written to a file and run through `ttlang-opt` with `--mlir-timing`; the
figure is the pass's own wall time (parsing and printing excluded), the median of
--repeat runs. Growth is the time ratio against the smallest graph of the shape next to
the op-count ratio: near-linear means the two are close. In many-live the first 512 ops
build the live set (256 live on average), so a 1,000-op graph's ops cost about 3/4 of a
steady-state op's and the growth to 10,000 ops is about 13x even when linear;
us/op shows the cost per op. Targets (issue 12): 10,000 ops
with about 512 live under 1 s, near-linear growth from 1,000 to 10,000 ops.

`--baseline-opt PATH` times another `ttlang-opt` (for example one built from main) on the
same files in the same run, interleaved with ours, and prints both.

    .venv/bin/python bench/spill.py [--sizes 1000,2000,5000,10000] [--baseline-opt PATH]
"""

from __future__ import annotations

import argparse
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
PIPELINE = "builtin.module(func.func(ttnn-l1-spill-management))"
L1 = "#ttnn.layout<l1, interleaved, bf16>"
DRAM = "#ttnn.layout<dram, interleaved, bf16>"
T_L1 = f"tensor<64x1024xbf16, {L1}>"
T_DRAM = f"tensor<64x1024xbf16, {DRAM}>"
LIVE = 512
TARGET_S = 1.0


def chains(ops: int) -> str:
    lines = [f"  %t0 = ttnn.relu %a : {T_DRAM} -> {T_L1}"]
    for i in range(1, ops):
        op = ("relu", "exp", "neg")[i % 3]
        lines.append(f"  %t{i} = ttnn.{op} %t{i - 1} : {T_L1} -> {T_L1}")
    return _module(lines)


def many_live(ops: int) -> str:
    lines = [f"  %t{i} = ttnn.relu %a : {T_DRAM} -> {T_L1}" for i in range(LIVE)]
    for i in range(LIVE, ops):
        lines.append(
            f"  %t{i} = ttnn.add %t{i - 1}, %t{i - LIVE} : {T_L1}, {T_L1} -> {T_L1}"
        )
    return _module(lines)


def _module(lines: list[str]) -> str:
    body = "\n".join(lines)
    return f"func.func @graph(%a: {T_DRAM}) {{\n{body}\n  return\n}}\n"


SHAPES = {"chains": chains, "many-live": many_live}


def pass_seconds(opt: str, path: pathlib.Path) -> float:
    """The spill pass's wall time in one ttlang-opt run."""
    proc = subprocess.run(
        [opt, str(path), f"--pass-pipeline={PIPELINE}", "--mlir-disable-threading",
         "--mlir-timing", "--mlir-timing-display=list", "-o", "/dev/null"],
        capture_output=True, text=True, check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"{opt} failed on {path}:\n{proc.stderr[-2000:]}")
    match = re.search(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+TTNNL1SpillManagement$",
                      proc.stderr, re.M)
    if not match:
        raise RuntimeError(f"no pass timing in the output of {opt}:\n{proc.stderr}")
    return float(match.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,2000,5000,10000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--opt", default=str(ROOT / "build" / "bin" / "ttlang-opt"))
    parser.add_argument("--baseline-opt", default=None)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    sides = [("ours", args.opt)] + ([("baseline", args.baseline_opt)] if args.baseline_opt else [])

    missed = False
    with tempfile.TemporaryDirectory() as tmp:
        for shape, build in SHAPES.items():
            print(f"\n{shape}")
            header = f"{'ops':>7}"
            for side, _ in sides:
                header += f" {side + ' s':>12} {'us/op':>7} {'growth':>8}"
            print(header + f" {'ops ratio':>10}")
            first: dict[str, float] = {}
            for ops in sizes:
                path = pathlib.Path(tmp) / f"{shape}-{ops}.mlir"
                path.write_text(build(ops))
                samples: dict[str, list[float]] = {side: [] for side, _ in sides}
                for _ in range(args.repeat):  # interleaved: same load for both sides
                    for side, opt in sides:
                        samples[side].append(pass_seconds(opt, path))
                row = f"{ops:>7}"
                for side, _ in sides:
                    seconds = statistics.median(samples[side])
                    first.setdefault(side, seconds)
                    growth = seconds / first[side] if first[side] else float("nan")
                    row += f" {seconds:>12.4f} {seconds / ops * 1e6:>7.1f} {growth:>7.1f}x"
                    if side == "ours" and ops >= 10000 and seconds >= TARGET_S:
                        missed = True
                print(row + f" {ops / sizes[0]:>9.1f}x")
    print(f"\ntarget: 10,000 ops under {TARGET_S:.0f} s: {'MISSED' if missed else 'ok'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
