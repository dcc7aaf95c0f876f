"""Operation identity, handle binding, composition and determinism of compiled IR."""

import pathlib
import subprocess
import sys
import threading

import ttlang as ttl
from ttlang.artifact import LogicalKernelId

import ttl_identity_programs as programs

HERE = pathlib.Path(__file__).parent
SPEC = ttl.TensorSpec((64, 64))

COMPILE_SCRIPT = """
import sys
sys.path.insert(0, {here!r})
import ttlang as ttl
import ttl_identity_programs as programs
scaled, reader = programs.make_scaled(2)
twice = programs.make_composed(scaled)
spec = ttl.TensorSpec((64, 64))
compiled = twice.compile(spec, spec, spec)
print(compiled.operation_id)
print(compiled.ir)
"""


def test_equal_captures_give_equal_identity():
    first, _ = programs.make_scaled(2)
    second, _ = programs.make_scaled(2)
    assert first is not second
    assert first.operation_id == second.operation_id


def test_different_captures_give_different_identity():
    two, _ = programs.make_scaled(2)
    one, _ = programs.make_scaled(1)
    assert two.operation_id != one.operation_id
    assert two.operation_id.startswith("ttl_identity_programs.make_scaled.<locals>.scaled:")


def test_registration_binds_captured_handle_in_place():
    op, reader = programs.make_scaled(2)
    assert reader.is_bound
    assert reader.id == LogicalKernelId(op.operation_id, "reader", ttl.KernelKind.DATA_MOVEMENT)


def test_handle_equals_kernel_spec_after_composition():
    stage, reader = programs.make_scaled(2)
    twice = programs.make_composed(stage)
    compiled = twice.compile(SPEC, SPEC, SPEC)
    readers = [k for k in compiled.kernels if k.logical_kernel == reader]
    # Two sequential calls share the callee's one reader kernel.
    assert len(readers) == 1
    assert readers[0].logical_kernel == reader and reader == readers[0].logical_kernel
    assert readers[0].logical_kernel.operation_id == stage.operation_id
    assert compiled.kernel(reader) is readers[0]
    kinds = sorted(k.kind.name for k in compiled.kernels)
    # The stage only copies: its reader and the canonical data-movement kernel.
    assert kinds == ["DATA_MOVEMENT", "DATA_MOVEMENT"]
    assert readers[0].core_ranges == compiled.core_ranges
    assert f"@{readers[0].function}(" in compiled.ir


def test_canonical_kernel_belongs_to_the_compiled_operation():
    stage, _ = programs.make_scaled(2)
    twice = programs.make_composed(stage)
    compiled = twice.compile(SPEC, SPEC, SPEC)
    canonical = compiled.kernel(ttl.KernelKind.DATA_MOVEMENT)
    assert canonical.logical_kernel == LogicalKernelId(
        twice.operation_id, "data_movement", ttl.KernelKind.DATA_MOVEMENT
    )


def test_identity_and_ir_are_identical_across_processes():
    script = COMPILE_SCRIPT.format(here=str(HERE))
    outputs = [
        subprocess.run(
            [sys.executable, "-c", script],
            check=True,
            capture_output=True,
            text=True,
            env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"},
        ).stdout
        for seed in ("1", "2")
    ]
    assert outputs[0] == outputs[1]
    assert "func.func @twice_reader" in outputs[0]


def test_compile_is_reentrant_across_threads():
    scaled, _ = programs.make_scaled(2)
    twice = programs.make_composed(scaled)
    other, _ = programs.make_scaled(1)
    alone_twice = twice.compile(SPEC, SPEC, SPEC).ir
    alone_other = other.compile(SPEC, SPEC).ir
    results: dict[str, list[str]] = {"twice": [], "other": []}
    barrier = threading.Barrier(2)

    def run(name, compile_once):
        barrier.wait()
        for _ in range(20):
            results[name].append(compile_once())

    threads = [
        threading.Thread(target=run, args=("twice", lambda: twice.compile(SPEC, SPEC, SPEC).ir)),
        threading.Thread(target=run, args=("other", lambda: other.compile(SPEC, SPEC).ir)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results["twice"] == [alone_twice] * 20
    assert results["other"] == [alone_other] * 20


def test_kernel_equality_rules():
    unbound = ttl.Kernel(ttl.KernelKind.COMPUTE)
    assert unbound == unbound
    assert unbound != ttl.Kernel(ttl.KernelKind.COMPUTE)
    _, reader = programs.make_scaled(3)
    _, same = programs.make_scaled(3)
    # Equal captures -> same operation identity -> handles bound to the same kernel.
    assert reader == same and hash(reader) == hash(same)


def test_failed_compile_leaves_nothing_behind():
    import ttl_error_programs as bad

    op, _ = programs.make_scaled(2)
    before = op.compile(SPEC, SPEC).ir
    try:
        bad.three_movers.compile(SPEC)
    except ttl.CompilerError:
        pass
    else:
        raise AssertionError("expected a CompilerError")
    # The reused context and pipeline give the same result as before the failure.
    assert op.compile(SPEC, SPEC).ir == before
