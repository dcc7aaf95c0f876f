"""The on-disk cache of compiled modules (ttl.CompileCache): what it keys on, what it stores, and
that a hit runs nothing of the C++ pipeline, in this process and in a new one."""

from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import random
import subprocess
import sys

import pytest
from program_files import load_module

import ttlang as ttl
from ttlang.artifact import ArgKind, CoreRange
from ttlang.frontend import compile_cache, session
from ttlang.runtime import KernelRecordError, OperationRuntime

ROOT = pathlib.Path(__file__).resolve().parents[2]
ADD = ROOT / "bench" / "cases" / "add_one_core.py"
SPEC = ttl.TensorSpec((64, 64))


def _add():
    return load_module(ADD, "cache_add").add


def _entries(directory: pathlib.Path) -> list[pathlib.Path]:
    return sorted(directory.glob("*.pickle")) if directory.exists() else []


def _no_compiler(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str, pipeline: str, target: str) -> None:
        raise AssertionError("the C++ pipeline ran on a cache hit")

    monkeypatch.setattr(session, "_run", refuse)


def test_a_hit_returns_the_stored_compilation_without_running_the_pipeline(tmp_path, monkeypatch):
    cache = ttl.CompileCache(tmp_path)
    first = _add().compile(SPEC, SPEC, SPEC, compile_cache=cache)
    assert len(_entries(tmp_path)) == 1
    with monkeypatch.context() as patch:
        _no_compiler(patch)
        second = _add().compile(SPEC, SPEC, SPEC, compile_cache=cache)
        assert second.descriptors == first.descriptors
        assert second.dataflow_buffers == first.dataflow_buffers
        assert second.artifact == first.artifact
    assert second.ir == first.ir  # derived on demand, from the same frontend IR


@pytest.mark.parametrize(
    "other",
    [
        {"tensors": (ttl.TensorSpec((128, 64)),) * 3},  # other IR from the frontend
        {"target": "blackhole"},
    ],
    ids=["tensor-shapes", "target"],
)
def test_other_ir_or_target_is_a_miss(tmp_path, other):
    cache = ttl.CompileCache(tmp_path)
    _add().compile(SPEC, SPEC, SPEC, compile_cache=cache)
    tensors = other.get("tensors", (SPEC,) * 3)
    _add().compile(*tensors, target=other.get("target", "wormhole_b0"), compile_cache=cache)
    assert len(_entries(tmp_path)) == 2  # a new entry: the first one did not answer


def test_another_compiler_build_is_a_miss(tmp_path, monkeypatch):
    cache = ttl.CompileCache(tmp_path)
    _add().compile(SPEC, SPEC, SPEC, compile_cache=cache)
    monkeypatch.setattr(compile_cache, "compiler_fingerprint", lambda: "another build")
    _add().compile(SPEC, SPEC, SPEC, compile_cache=cache)
    assert len(_entries(tmp_path)) == 2


def test_an_entry_is_used_only_when_its_whole_key_matches(tmp_path):
    cache = ttl.CompileCache(tmp_path)
    small_spec, large_spec = SPEC, ttl.TensorSpec((128, 64))
    assert "128x64" in _add().compile(*(large_spec,) * 3, compile_cache=cache).ir
    (large,) = _entries(tmp_path)
    _add().compile(*(small_spec,) * 3, compile_cache=cache)
    (small,) = [e for e in _entries(tmp_path) if e != large]
    # The other program's compilation under this key's file name: its stored key differs.
    small.write_bytes(large.read_bytes())
    compiled = _add().compile(*(small_spec,) * 3, compile_cache=cache)
    assert "128x64" not in compiled.ir and "64x64" in compiled.ir
    assert small.read_bytes() != large.read_bytes(), "the mismatched entry was replaced"


@pytest.mark.parametrize("garbage", [b"", b"not a pickle", b"\x80\x05K\x01."], ids=["empty", "text", "int"])
def test_an_unreadable_entry_is_a_miss_and_is_replaced(tmp_path, garbage):
    cache = ttl.CompileCache(tmp_path)
    expected = _add().compile(SPEC, SPEC, SPEC, compile_cache=cache)
    (entry,) = _entries(tmp_path)
    entry.write_bytes(garbage)
    compiled = _add().compile(SPEC, SPEC, SPEC, compile_cache=cache)
    assert compiled.descriptors == expected.descriptors
    assert entry.read_bytes() != garbage


def test_a_changed_kernel_inside_an_entry_is_a_miss(tmp_path):
    # Issue 33: the payload was trusted once its stored key matched.
    cache = ttl.CompileCache(tmp_path)
    expected = _add().compile(SPEC, SPEC, SPEC, compile_cache=cache)
    (entry,) = _entries(tmp_path)
    stored = entry.read_bytes()
    assert b"kernel_main" in stored
    entry.write_bytes(stored.replace(b"kernel_main", b"kernel_maim"))
    compiled = _add().compile(SPEC, SPEC, SPEC, compile_cache=cache)
    assert compiled.artifact == expected.artifact
    assert all("kernel_maim" not in k.source for k in compiled.artifact.kernels)
    assert entry.read_bytes() == stored, "the damaged entry was rewritten"


def test_damaged_entries_are_misses_never_other_results_or_errors(tmp_path):
    # Truncations and random byte changes (seeded): every compile returns the same artifact.
    cache = ttl.CompileCache(tmp_path)
    expected = _add().compile(SPEC, SPEC, SPEC, compile_cache=cache)
    (entry,) = _entries(tmp_path)
    stored = entry.read_bytes()
    rng = random.Random(20261206)
    damaged = [stored[: len(stored) // 2], stored[:-1], stored + b"\0"]
    for _ in range(40):
        data = bytearray(stored)
        for _ in range(rng.randint(1, 3)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        damaged.append(bytes(data))
    for index, data in enumerate(damaged):
        entry.write_bytes(data)
        compiled = _add().compile(SPEC, SPEC, SPEC, compile_cache=cache)
        assert compiled.artifact == expected.artifact, f"damaged entry {index}"
        assert entry.read_bytes() == stored, f"damaged entry {index} was not replaced"


def test_without_a_cache_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    _add().compile(SPEC, SPEC, SPEC, compile_cache=None)
    assert not any(tmp_path.rglob("*.pickle"))


def test_the_default_cache_is_under_the_user_cache_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert ttl.CompileCache.default().directory == tmp_path / "ttlang" / "compile"
    _add().compile(SPEC, SPEC, SPEC)
    assert len(_entries(tmp_path / "ttlang" / "compile")) == 1


def test_a_directory_that_cannot_be_written_only_disables_the_cache(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache directory would go")
    compiled = _add().compile(SPEC, SPEC, SPEC, compile_cache=ttl.CompileCache(blocker / "compile"))
    assert compiled.descriptors


def test_failed_compilations_are_not_stored(tmp_path):
    program = tmp_path / "bad_program.py"
    program.write_text(
        "import ttlang as ttl\n\n\n"
        "@ttl.operation(grid=(1, 1))\n"
        "def bad(a):\n"
        "    dfb = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)\n"
        "    blk = dfb.wait()\n"
        "    blk.pop()\n"
    )
    cache = ttl.CompileCache(tmp_path / "cache")
    for _ in range(2):
        with pytest.raises(ttl.CompilerError) as error:
            load_module(program).bad.compile(ttl.TensorSpec((32, 32)), compile_cache=cache)
        assert error.value.line == 7  # the wait whose release names no kernel
    assert not _entries(tmp_path / "cache")


SECOND_PROCESS = """
import json, sys, time
import ttnn
import ttlang as ttl
from ttlang import mlir_context
sys.path.insert(0, {tests!r})
from program_files import load_module
add = load_module(__import__("pathlib").Path({program!r}), "add_case").add
spec = ttl.TensorSpec((64, 64))
result = add(spec, spec, spec, device=None)
print(json.dumps({{
    "compile_only": result.compile_only,
    # A pass manager is parsed (once per pipeline and thread) only to run the pipeline; the
    # check of the cached records builds attributes in the thread's context, no pipeline.
    "pipeline_ran": bool(getattr(mlir_context._pass_managers, "by_pipeline", None)),
}}))
"""


def test_a_second_process_dispatches_from_the_cache_without_running_the_pipeline(tmp_path):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    script = SECOND_PROCESS.format(tests=str(pathlib.Path(__file__).parent), program=str(ADD))
    runs = [
        json.loads(
            subprocess.run(
                [sys.executable, "-c", script], env=env, check=True, capture_output=True, text=True
            ).stdout.strip().splitlines()[-1]
        )
        for _ in range(2)
    ]
    assert [run["compile_only"] for run in runs] == [True, True]
    assert [run["pipeline_ran"] for run in runs] == [True, False]


PICKLE_ID = """
import pickle, sys
from ttlang.artifact import KernelKind, LogicalKernelId
kernel = LogicalKernelId("op:0123", "reader", KernelKind.DATA_MOVEMENT)
if sys.argv[1] == "dump":
    sys.stdout.buffer.write(pickle.dumps(kernel))
else:
    loaded = pickle.loads(sys.stdin.buffer.read())
    assert loaded == kernel and hash(loaded) == hash(kernel) and loaded in {kernel}, "stale hash"
"""


def test_kernel_ids_loaded_in_another_process_hash_as_that_process_does():
    """Cached records carry LogicalKernelIds; string hashes differ between processes."""
    python = [sys.executable, "-c", PICKLE_ID]
    dumped = subprocess.run(
        [*python, "dump"], env=dict(os.environ, PYTHONHASHSEED="1"), check=True, capture_output=True
    ).stdout
    subprocess.run(
        [*python, "load"], input=dumped, env=dict(os.environ, PYTHONHASHSEED="2"), check=True
    )


def _first_kernel(output, **changes):
    kernels = output.kernels
    return dataclasses.replace(output, kernels=(dataclasses.replace(kernels[0], **changes), *kernels[1:]))


def _first_arg(output, **changes):
    """The first kernel's first compile-time slot (the DFB index of its first DFB) changed."""
    abi = output.kernels[0].abi
    first, *rest = abi.compile_time_args
    return _first_kernel(output, abi=dataclasses.replace(
        abi, compile_time_args=(dataclasses.replace(first, **changes), *rest)))


# One corruption per verifier a stored record passes through again (TTLAttrs.cpp), and the
# verifier's own words.
CORRUPTIONS = {
    "core_range": (lambda out: _first_kernel(out, core_ranges=(CoreRange((1, 0), (0, 0)),)),
                   r"core range \(1, 0\) to \(0, 0\) must have 0 <= x0 <= x1"),
    "arg": (lambda out: _first_arg(out, words=(0, 0)),
            r"dfb_index slot '\w+' carries 2 words but counts 1"),
    "abi": (lambda out: _first_arg(out, kind=ArgKind.BUFFER_ADDRESS, words=()),
            "a buffer_address slot cannot be a compile_time argument"),
    "record": (lambda out: _first_arg(out, words=(7,)),
               r"dfb_index slot '\w+' carries \[7\], not its DFB's physical index 0"),
    "dfb_spec": (lambda out: dataclasses.replace(out, dataflow_buffers=(
                     dataclasses.replace(out.dataflow_buffers[0], page_size=0), *out.dataflow_buffers[1:])),
                 "needs a name, index >= 0, page_size >= 1"),
    "kernel": (lambda out: _first_kernel(out, logical_kernel=dataclasses.replace(
                   out.kernels[0].logical_kernel, operation_id="")),
               "needs an operation identity"),
}


@pytest.mark.parametrize("corruption", sorted(CORRUPTIONS))
def test_a_stored_record_that_breaks_a_verifier_rule_is_rejected(tmp_path, corruption):
    """An entry with a valid digest whose records break a rule (written by a broken ttlang, or
    by hand) reaches the runtime only through the attributes' C++ verifiers."""
    corrupt, message = CORRUPTIONS[corruption]
    cache = ttl.CompileCache(tmp_path)
    compiled = _add().compile(SPEC, SPEC, SPEC, compile_cache=cache)
    cache.store(compiled.frontend_ir, compiled.target, corrupt(cache.load(compiled.frontend_ir, compiled.target)))
    loaded = _add().compile(SPEC, SPEC, SPEC, compile_cache=cache)
    with pytest.raises(KernelRecordError, match=message):
        OperationRuntime(loaded.artifact)
    OperationRuntime(compiled.artifact)  # the compiler's own records pass
