"""Frontend + TTL pipeline compile time of a 2x2-tile add (the unified example).

Cold = first compile in a fresh process (context creation, pipeline parsing, IR build and
passes); warm = later compiles reusing the thread's context and parsed pipeline. Each sample
is a fresh subprocess so the cold number is real.
"""

import statistics
import subprocess
import sys

SCRIPT = r"""
import sys, time
sys.path.insert(0, "examples")
import ttlang as ttl
from tile_add_unified import tile_add
spec = ttl.TensorSpec((64, 64))
t0 = time.perf_counter(); tile_add.compile(spec, spec, spec); t1 = time.perf_counter()
for _ in range(20):
    tile_add.compile(spec, spec, spec)
t2 = time.perf_counter()
print(1e3 * (t1 - t0), 1e3 * (t2 - t1) / 20)
"""


def main() -> None:
    cold, warm = [], []
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", SCRIPT], check=True, capture_output=True, text=True)
        c, w = map(float, out.stdout.split())
        cold.append(c)
        warm.append(w)
    print(f"2x2-tile add, frontend + ttl-compile-operation: cold median {statistics.median(cold):.1f} ms, "
          f"warm median {statistics.median(warm):.2f} ms")


if __name__ == "__main__":
    main()
