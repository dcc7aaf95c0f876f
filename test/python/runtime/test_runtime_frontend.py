"""Running frontend-compiled operations: ``op(*tensors)`` compiles once per tensor specs, runs the
resource factory once per execution, dispatches through the program cache (compile-only with
``device=None``), binds the operation's ttl.Kernel handles, and the emitted runner of a
frontend-compiled operation behaves the same. Also the caller-argument ABI and synchronized DFB
reconfiguration end to end (frontend spelling -> kernel ABI -> descriptors)."""

from __future__ import annotations

import pytest

import ttlang as ttl
from ttlang.artifact import ArgKind, KernelArg
from ttlang.errors import CompilerError, FrontendError, TTLangError
from ttlang.runtime import DispatchError, KernelSelectionError, RuntimeArgsError
from ttlang.runtime.runner import load_runner, write_runner

SPEC = ttl.TensorSpec((64, 128))


class Factory:
    """Per-core words for the reader on every core of a 2x1 grid; counts its calls."""

    def __init__(self, kernel, words=(7,), define="1"):
        self.kernel, self.words, self.define, self.calls = kernel, words, define, 0

    def __call__(self, *, tensors, core_ranges, first_free_semaphore_id):
        self.calls += 1
        self.seen_tensors = tensors
        return ttl.ProgramRuntimeResources(
            kernel_resources=(ttl.KernelRuntimeResources(
                self.kernel,
                tuple(ttl.CoreRuntimeArgs((x, 0), (x,) + tuple(self.words)) for x in range(2)),
                (ttl.KernelDefine("MODE", self.define),),
            ),),
            lifetimes=(self,),
        )


def make_copy(factory_for=None, reconfigure=False):
    """A two-kernel copy with an operation-owned reader handle; ``factory_for(reader)`` gives the
    operation's runtime resource factory."""
    reader = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)
    factory = factory_for(reader) if factory_for else None

    @ttl.operation(grid=(2, 1), runtime_resource_factory=factory)
    def copy(inp, out):
        in_dfb = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=2)
        out_dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
        col, _ = ttl.node(dims=2)
        with in_dfb.reserve() as blk:
            tx = ttl.copy(inp[0, col], blk, kernel=reader)
            tx.wait()
        with in_dfb.wait() as x, out_dfb.reserve() as y:
            y.store(ttl.math.exp(x))
        if reconfigure:
            in_dfb.reconfigure(block_count=4)
        with out_dfb.wait() as y:
            tx = ttl.copy(y, out[0, col])
            tx.wait()

    return copy, reader, factory


# -- running and caching -----------------------------------------------------------------------


def test_compile_only_dispatch_compiles_once_and_hits(monkeypatch):
    copy, reader, factory = make_copy(lambda k: Factory(k))
    compiles = []
    real_compile = copy.compile
    monkeypatch.setattr(copy, "compile", lambda *a, **k: compiles.append(a) or real_compile(*a, **k))
    first = copy(SPEC, SPEC, device=None)
    assert first.compile_only and not first.cache_hit
    assert "compile-only (no device: nothing was executed)" in first.describe()
    factory.words = (99, 100)  # same structure? no: one more word per core -> new program
    second = copy(SPEC, SPEC, device=None)
    assert not second.cache_hit
    factory.words = (5, 6)
    third = copy(SPEC, SPEC, device=None)
    assert third.cache_hit and third.program_hash == second.program_hash
    assert len(compiles) == 1, "the operation compiles once per tensor specs"
    assert factory.calls == 3, "the factory runs once per execution"
    assert factory.seen_tensors == (SPEC, SPEC)
    reader_index = third.descriptor_kernels.index(reader.id)
    assert third.runtime_args[reader_index] == {(0, 0): (0, 5, 6), (1, 0): (1, 5, 6)}
    assert list(third.program.kernels[reader_index].runtime_args[1][0]) == [1, 5, 6]
    assert copy.runtime(SPEC, SPEC).retained_owners == (factory,)


def test_new_tensor_specs_compile_again():
    copy, _, factory = make_copy(lambda k: Factory(k))
    copy(SPEC, SPEC, device=None)
    other = ttl.TensorSpec((128, 128))
    assert not copy(other, other, device=None).cache_hit
    assert len(copy._runtimes) == 2


def test_define_change_misses():
    copy, _, factory = make_copy(lambda k: Factory(k))
    copy(SPEC, SPEC, device=None)
    factory.define = "2"
    result = copy(SPEC, SPEC, device=None)
    assert not result.cache_hit
    assert ("MODE", "2") in list(result.program.kernels[result.descriptor_kernels.index(factory.kernel.id)].defines)


def test_no_device_needs_explicit_compile_only():
    copy, _, _ = make_copy(lambda k: Factory(k))
    with pytest.raises(TTLangError, match="pass device=None for a compile-only dispatch"):
        copy(SPEC, SPEC)


def test_operation_without_factory_runs_without_resources():
    copy, _, _ = make_copy()
    result = copy(SPEC, SPEC, device=None)
    assert result.compile_only
    assert all(not dict(words) for words in result.runtime_args.values())
    per_core = [k.abi.per_core_runtime_args for k in copy.compile(SPEC, SPEC).descriptors]
    assert len(per_core) == 3 and all(p == () for p in per_core), "only resource-aware operations take caller words"


def test_factory_must_be_callable():
    with pytest.raises(TTLangError, match="runtime_resource_factory= of operation 'f' must be callable"):
        @ttl.operation(grid=(1, 1), runtime_resource_factory=3)
        def f(a):
            pass


def test_factory_selecting_a_foreign_kernel_is_rejected():
    other = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)
    make_copy(lambda k: None)  # binds nothing to `other`

    @ttl.operation(grid=(1, 1))
    def owner(a):
        with ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=1).reserve() as blk:
            ttl.copy(a[0, 0], blk, kernel=other).wait()

    copy, _, _ = make_copy(lambda k: Factory(other))
    with pytest.raises(KernelSelectionError, match="bound to operation .*owner.*not to the executing operation"):
        copy(SPEC, SPEC, device=None)


def test_words_for_a_kernel_without_caller_slot_are_rejected():
    copy, _, _ = make_copy(lambda k: Factory(k))
    artifact = copy.compile(SPEC, SPEC).artifact
    for kernel in artifact.kernels:
        assert kernel.abi.per_core_runtime_args == (KernelArg(ArgKind.CALLER_ARGS, "caller", 0),)
    copy2, _, _ = make_copy(lambda k: Factory(ttl.KernelKind.COMPUTE, words=(True,)))
    with pytest.raises(RuntimeArgsError, match="non-boolean"):
        copy2(SPEC, SPEC, device=None)


# -- emitted runner of a frontend-compiled operation -------------------------------------------


def test_runner_of_frontend_operation(tmp_path):
    copy, reader, factory = make_copy(lambda k: Factory(k, words=(3,)))
    path = write_runner(copy.compile(SPEC, SPEC).artifact, tmp_path / "copy_runner.py")
    runner = load_runner(path)
    text = path.read_text()
    assert "ProgramRuntimeResources" not in text and "CoreRuntimeArgs" not in text
    with pytest.raises(DispatchError, match="pass runtime_resource_factory= on every call"):
        runner.run((SPEC, SPEC))
    by_runner = runner.run((SPEC, SPEC), runtime_resource_factory=factory)
    by_operation = copy(SPEC, SPEC, device=None)
    assert runner.kernel(reader.id.name).logical_kernel_id == reader.id
    assert by_runner.program_hash == by_operation.program_hash
    assert dict(by_runner.runtime_args) == dict(by_operation.runtime_args)
    # the operation's ttl.Kernel handle works in a factory given to the runner
    assert runner.run((SPEC, SPEC), runtime_resource_factory=Factory(reader, words=(4,))).cache_hit


# -- synchronized DFB reconfiguration ----------------------------------------------------------


def test_reconfiguration_layout_in_descriptors():
    copy, reader, factory = make_copy(lambda k: Factory(k, words=(5, 6)), reconfigure=True)
    compiled = copy.compile(SPEC, SPEC)
    config, = compiled.dfb_configurations
    in_dfb = next(d for d in compiled.dataflow_buffers if d.name == config.dataflow_buffer)
    assert config.address == 2 * 2048, "the new ring follows the initial 2-block ring"
    assert in_dfb.total_size == (2 + 4) * 2048
    result = copy(SPEC, SPEC, device=None)
    reconfiguring = set()
    for index, kernel in enumerate(result.descriptor_kernels):
        spec = next(d for d in compiled.descriptors if d.logical_kernel == kernel)
        if spec.abi.per_core_runtime_args == (KernelArg(ArgKind.CALLER_ARGS, "caller", 0),):
            assert not spec.include_paths  # the writer does not use the reconfigured DFB
            continue
        reconfiguring.add(kernel.name)
        assert spec.include_paths and all(p.startswith("/") for p in spec.include_paths)
        assert '#include "ttlang/dfb_reconfigure.h"' in spec.source
        ct = list(result.program.kernels[index].compile_time_args)
        slots = spec.abi.per_core_runtime_args
        assert [s.kind for s in slots] == [ArgKind.CALLER_ARGS, ArgKind.DFB_CONFIG_ADDRESS]
        caller = 3 if kernel == reader.id else 0
        assert ct[-1] == caller, "the caller argument count is the last compile-time arg"
        for xy, words in result.runtime_args[index].items():
            assert words[caller:] == (config.address,), "configuration offsets follow the caller's words"
            if caller:
                assert words[:caller] == (xy[0], 5, 6), "caller words keep indices 0..n-1"
    assert reconfiguring == {reader.id.name, "compute"}, "every kernel using the DFB reconfigures it"


def test_reconfiguration_with_different_caller_counts_splits_descriptors():
    class Uneven(Factory):
        def __call__(self, *, tensors, core_ranges, first_free_semaphore_id):
            return ttl.ProgramRuntimeResources(kernel_resources=(ttl.KernelRuntimeResources(
                self.kernel, (ttl.CoreRuntimeArgs((0, 0), (1,)), ttl.CoreRuntimeArgs((1, 0), (1, 2, 3)))),))

    copy, reader, _ = make_copy(lambda k: Uneven(k), reconfigure=True)
    result = copy(SPEC, SPEC, device=None)
    groups = [
        (tuple(result.descriptor_cores[i]), list(result.program.kernels[i].compile_time_args)[-1])
        for i, k in enumerate(result.descriptor_kernels) if k == reader.id
    ]
    assert sorted(groups) == [(((0, 0),), 1), (((1, 0),), 3)], "one descriptor per caller count, disjoint cores"


def test_reconfigure_spelling_errors_name_the_line():
    with pytest.raises(FrontendError, match=r"block_count= must be a positive compile-time int, got 0") as info:
        @ttl.operation(grid=(1, 1))
        def bad(a):
            d = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
            d.reconfigure(block_count=0)

        bad.build_ir(SPEC)
    assert "test_runtime_frontend.py" in str(info.value)


def test_reconfigure_in_a_loop_is_an_error_at_the_line():
    # ReconfigureDFBOp's verifier: a construct's rule, a FrontendError like the frontend's own.
    @ttl.operation(grid=(1, 1))
    def looping(a):
        d = ttl.make_dataflow_buffer_like(a, shape=(1, 1), block_count=2)
        for _ in range(2):
            d.reconfigure(block_count=3)

    with pytest.raises(FrontendError, match="a synchronized point runs exactly once") as info:
        looping.compile(SPEC)
    assert "test_runtime_frontend.py" in str(info.value)


def test_reconfigured_kernels_pass_the_real_header_check():
    kernel_check = pytest.importorskip("ttlang.testing.kernel_check")
    try:
        toolchain = kernel_check.find_toolchain()
    except kernel_check.KernelCheckUnavailable as err:
        pytest.skip(str(err))
    copy, _, _ = make_copy(lambda k: Factory(k), reconfigure=True)
    results = kernel_check.run_jobs(kernel_check.artifact_jobs(copy.compile(SPEC, SPEC).artifact), toolchain)
    assert results and all(r.ok for r in results), "\n".join(r.summary() for r in results if not r.ok)
