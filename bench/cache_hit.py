"""Program-cache hit and import time.

1. **Cache hit**: calling a compiled operation again with tensors of the same specs, the upstream
   baseline case (a 2x2-tile add on one core, bench/cases/add_one_core.py), in explicit
   compile-only dispatch (``device=None``: no device here, so ``ttnn.generic_op`` is not part of
   it). One hit = compiled-operation lookup by tensor specs, resource planning, program-cache
   lookup by full key, and a new ``ttnn.ProgramDescriptor`` carrying this call's words.
   Same-run reference: building that program's ttnn descriptors by hand (3 kernels, 3 CBs).
   Upstream tt-lang 1.1.1 takes 378 us per program-cache hit on this machine; target <= 40 us.
2. **import ttlang**: fresh interpreters, ``python -c "import ttlang"`` against ``python -c
   pass`` (same run). Upstream: 3.2 s; target <= 0.5 s.

Run: ``.venv/bin/python bench/cache_hit.py``.
"""

from __future__ import annotations

import importlib.util
import pathlib
import statistics
import subprocess
import sys
import time
import timeit

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))

import ttlang as ttl  # noqa: E402


def load_case():
    spec = importlib.util.spec_from_file_location("add_one_core", ROOT / "bench/cases/add_one_core.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.add


def hand_built(artifact):
    """The same program's descriptors built directly with ttnn from the compiled artifact."""
    import ttnn

    def ranges(kernel):
        return ttnn.CoreRangeSet(
            [ttnn.CoreRange(ttnn.CoreCoord(*r.start), ttnn.CoreCoord(*r.end)) for r in kernel.core_ranges]
        )

    configs = {
        "compute": ttnn.ComputeConfigDescriptor,
        "data_movement_0": ttnn.ReaderConfigDescriptor,
        "data_movement_1": ttnn.WriterConfigDescriptor,
    }
    whole = ranges(artifact.kernels[0])

    def build():
        kernels = [
            ttnn.KernelDescriptor(
                kernel_source=k.source,
                source_type=ttnn.KernelDescriptor.SourceType.SOURCE_CODE,
                core_ranges=ranges(k),
                compile_time_args=[0] * sum(a.count for a in k.abi.compile_time_args),
                common_runtime_args=[0] * sum(a.count for a in k.abi.common_runtime_args),
                config=configs[k.role.value](),
            )
            for k in artifact.kernels
        ]
        cbs = [
            ttnn.CBDescriptor(
                total_size=d.total_size,
                core_ranges=whole,
                format_descriptors=[
                    ttnn.CBFormatDescriptor(
                        buffer_index=d.physical_index,
                        data_format=ttnn.bfloat16,
                        page_size=d.page_size,
                    )
                ],
            )
            for d in artifact.dataflow_buffers
        ]
        return ttnn.ProgramDescriptor(kernels=kernels, semaphores=[], cbs=cbs)

    return build


def per_call_us(fn, number: int, repeat: int = 7) -> float:
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e6


def import_seconds(code: str, samples: int = 7) -> float:
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    add = load_case()
    spec = ttl.TensorSpec((64, 64))
    first = add(spec, spec, spec, device=None)
    assert first.compile_only
    hit = add(spec, spec, spec, device=None)
    assert hit.cache_hit, "the second call must hit the program cache"
    build = hand_built(add.compile(spec, spec, spec).artifact)

    hit_us = per_call_us(lambda: add(spec, spec, spec, device=None), number=2000)
    hand_us = per_call_us(build, number=2000)
    print("| measurement | ttlang | same-run reference | ratio | upstream tt-lang 1.1.1 | target |")
    print("|---|---:|---:|---:|---:|---:|")
    print(
        f"| program-cache hit, 2x2-tile add, 1 core (compile-only) | {hit_us:.1f} us "
        f"| {hand_us:.1f} us (descriptors by hand) | {hit_us / hand_us:.2f} | 378 us | <= 40 us |"
    )
    bare = import_seconds("pass")
    with_ttlang = import_seconds("import ttlang")
    print(
        f"| `import ttlang` (fresh interpreter) | {with_ttlang:.3f} s | {bare:.3f} s (`pass`) "
        f"| {with_ttlang / bare:.1f} | 3.2 s | <= 0.5 s |"
    )


if __name__ == "__main__":
    main()
