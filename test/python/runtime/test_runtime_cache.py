"""Program-cache identity: what it includes (structure) and excludes (dispatch words, tensor
addresses, owner identities), full-key comparison, and the spec's collective reused from cache."""

from __future__ import annotations

import random

import hypothesis.strategies as st
import pytest
import rt_artifacts as A
from conftest import FakeKernel, make_collective_resources
from hypothesis import HealthCheck, given, settings

import ttlang as ttl
from ttlang.artifact import KernelKind
from ttlang.runtime import OperationRuntime, cache as cache_module

TENSORS = ("input", "output")
GRID = (3, 2)
COORDS = [(x, y) for y in range(GRID[1]) for x in range(GRID[0])]
SENDER = FakeKernel(KernelKind.DATA_MOVEMENT, A.sender_id())
KERNELS = {"sender": SENDER, "compute": KernelKind.COMPUTE}

# A structure: {kernel: ({coord: length}, {define: value})}, semaphores: {id: (initial, rect)}
structures = st.fixed_dictionaries(
    {
        "kernels": st.dictionaries(
            st.sampled_from(sorted(KERNELS)),
            st.tuples(
                st.dictionaries(st.sampled_from(COORDS), st.integers(0, 4), max_size=len(COORDS)),
                st.dictionaries(st.sampled_from(["A", "B", "FABRIC_2D"]), st.sampled_from(["0", "1", "x"]), max_size=3),
            ),
            max_size=2,
        ),
        "semaphores": st.dictionaries(
            st.integers(1, 15),
            st.tuples(st.integers(0, 3), st.sampled_from([(0, 0, 2, 1), (0, 0, 0, 0), (1, 1, 2, 1)])),
            max_size=3,
        ),
    }
)


def factory(ttnn, structure, seed=0, owners=None, shuffle=False):
    rng = random.Random(seed)
    shuffler = random.Random(seed + 1)

    def make(*, tensors, core_ranges, first_free_semaphore_id):
        entries = []
        for name, (lengths, defines) in sorted(structure["kernels"].items()):
            args = [ttl.CoreRuntimeArgs(ttnn.CoreCoord(*xy), tuple(rng.randrange(2**32) for _ in range(n)))
                    for xy, n in sorted(lengths.items())]
            define_records = [ttl.KernelDefine(k, v) for k, v in sorted(defines.items())]
            if shuffle:
                shuffler.shuffle(args)
                shuffler.shuffle(define_records)
            entries.append(ttl.KernelRuntimeResources(KERNELS[name], tuple(args), tuple(define_records)))
        semaphores = tuple(
            ttnn.SemaphoreDescriptor(
                sid,
                core_ranges=ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(x0, y0), ttnn.CoreCoord(x1, y1))]),
                initial_value=initial,
            )
            for sid, (initial, (x0, y0, x1, y1)) in sorted(structure["semaphores"].items())
        )
        return ttl.ProgramRuntimeResources(semaphores, tuple(entries), (), owners or (object(),))

    return make


def run(runtime, make, tensors=TENSORS):
    return runtime.run(tensors, runtime_resource_factory=make)


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(structure=structures, seeds=st.tuples(st.integers(0, 10**6), st.integers(0, 10**6)))
def test_identity_excludes_words_addresses_and_owners(ttnn, structure, seeds):
    runtime = OperationRuntime(A.collective(grid=GRID))
    first = run(runtime, factory(ttnn, structure, seeds[0], owners=(object(),)))
    # new words, new owner objects, other tensor objects, shuffled record order: same program
    second = run(runtime, factory(ttnn, structure, seeds[1], owners=(object(), object()), shuffle=True),
                 tensors=("other_input", "other_output"))
    assert not first.cache_hit and second.cache_hit
    assert second.program_hash == first.program_hash == second.program.custom_program_hash
    assert runtime.cache.misses == 1 and runtime.cache.hits == 1
    # the hit carries the new dispatch words
    for index, words in second.runtime_args.items():
        for (x, y), values in words.items():
            assert list(second.program.kernels[index].runtime_args[x][y]) == list(values)
    expected = {}
    rng = random.Random(seeds[1])
    for name, (lengths, _) in sorted(structure["kernels"].items()):
        for xy, n in sorted(lengths.items()):
            expected[(name, xy)] = tuple(rng.randrange(2**32) for _ in range(n))
    got = {(second.descriptor_kernels[i].name, xy): w for i, words in second.runtime_args.items() for xy, w in words.items()}
    assert got == {k: v for k, v in expected.items() if v}


def mutations(structure):
    """Structural edits, each of which must change the identity."""
    kernels, semaphores = structure["kernels"], structure["semaphores"]
    out = []
    for name, (lengths, defines) in kernels.items():
        for xy, n in lengths.items():
            out.append(("length", {**kernels, name: ({**lengths, xy: n + 1}, defines)}, semaphores))
            if n > 0:
                # removing a coordinate that had words changes which cores have runtime args
                out.append(("coordinate", {**kernels, name: ({k: v for k, v in lengths.items() if k != xy}, defines)}, semaphores))
        for xy in COORDS:
            if xy not in lengths:
                out.append(("new coordinate", {**kernels, name: ({**lengths, xy: 1}, defines)}, semaphores))
                break
        out.append(("define value", {**kernels, name: (lengths, {**defines, "A": defines.get("A", "") + "9"})}, semaphores))
        out.append(("define name", {**kernels, name: (lengths, {**defines, "NEW": "1"})}, semaphores))
        other = "compute" if name == "sender" else "sender"
        if other not in kernels and any(lengths.values()):
            out.append(("destination", {other: (lengths, defines), **{k: v for k, v in kernels.items() if k != name}}, semaphores))
    for sid, (initial, rect) in semaphores.items():
        free = next(i for i in range(1, 16) if i not in semaphores)
        out.append(("semaphore id", kernels, {**{k: v for k, v in semaphores.items() if k != sid}, free: (initial, rect)}))
        out.append(("semaphore initial", kernels, {**semaphores, sid: (initial + 1, rect)}))
        out.append(("semaphore range", kernels, {**semaphores, sid: (initial, (0, 0, 2, 1) if rect != (0, 0, 2, 1) else (0, 0, 0, 0))}))
    if len(semaphores) < 3:
        free = next(i for i in range(1, 16) if i not in semaphores)
        out.append(("semaphore count", kernels, {**semaphores, free: (0, (0, 0, 0, 0))}))
    return out


@SETTINGS
@given(structure=structures)
def test_identity_includes_structure(ttnn, structure):
    runtime = OperationRuntime(A.collective(grid=GRID))
    base = run(runtime, factory(ttnn, structure))
    for what, kernels, semaphores in mutations(structure):
        changed = run(runtime, factory(ttnn, {"kernels": kernels, "semaphores": semaphores}))
        assert not changed.cache_hit, what
        assert changed.program_hash != base.program_hash, what


def test_semaphore_id_and_length_are_ttnn_blind_spots_but_not_ours(ttnn):
    """ttnn's own hash ignores semaphore ids and runtime-arg lengths; custom_program_hash does not."""
    runtime = OperationRuntime(A.collective(grid=GRID))
    rect = (0, 0, 2, 1)
    a = run(runtime, factory(ttnn, {"kernels": {"sender": ({(0, 0): 2}, {})}, "semaphores": {3: (0, rect)}}))
    b = run(runtime, factory(ttnn, {"kernels": {"sender": ({(0, 0): 2}, {})}, "semaphores": {5: (0, rect)}}))
    c = run(runtime, factory(ttnn, {"kernels": {"sender": ({(0, 0): 3}, {})}, "semaphores": {3: (0, rect)}}))
    a.program.custom_program_hash = b.program.custom_program_hash = c.program.custom_program_hash = None
    assert ttnn.compute_program_descriptor_hash(a.program) == ttnn.compute_program_descriptor_hash(b.program)
    assert ttnn.compute_program_descriptor_hash(a.program) == ttnn.compute_program_descriptor_hash(c.program)
    assert len({a.program_hash, b.program_hash, c.program_hash}) == 3


def test_full_key_comparison_not_only_hash(ttnn, monkeypatch):
    # every key digests to the same value: the cache must still keep the programs apart and
    # never hand ttnn one hash for two structures
    monkeypatch.setattr(cache_module, "digest", lambda text, salt=0: 1000 + salt)
    runtime = OperationRuntime(A.collective(grid=GRID))
    one = {"kernels": {"sender": ({(0, 0): 1}, {})}, "semaphores": {}}
    two = {"kernels": {"sender": ({(0, 0): 2}, {})}, "semaphores": {}}
    a, b = run(runtime, factory(ttnn, one)), run(runtime, factory(ttnn, two))
    assert not a.cache_hit and not b.cache_hit
    assert a.program_hash != b.program_hash
    assert run(runtime, factory(ttnn, one)).program_hash == a.program_hash
    assert run(runtime, factory(ttnn, two)).runtime_args[0][(0, 0)].__len__() == 2


def test_operations_never_share_a_hash(ttnn):
    same = {"kernels": {"sender": ({(0, 0): 1}, {})}, "semaphores": {}}
    a = run(OperationRuntime(A.collective(grid=GRID)), factory(ttnn, same))
    b = run(OperationRuntime(A.specialized()), factory(ttnn, same))
    assert a.program_hash != b.program_hash


# -- the spec's collective ---------------------------------------------------------------------


def test_collective_compiles_once_then_hits(ttnn):
    runtime = OperationRuntime(A.collective())
    owner = object()
    first = run(runtime, make_collective_resources(ttnn, SENDER, owner, 0))
    second = run(runtime, make_collective_resources(ttnn, SENDER, owner, 40))
    assert (first.cache_hit, second.cache_hit) == (False, True)
    assert list(first.program.kernels[0].runtime_args[1][0]) == [1, 1]
    assert list(second.program.kernels[0].runtime_args[1][0]) == [1, 41]  # new words on the hit
    assert second.program is not first.program
    define = run(runtime, make_collective_resources(ttnn, SENDER, owner, 0, define="0"))
    assert not define.cache_hit
    assert runtime.retained_owners[0] is owner


@pytest.mark.parametrize("words", [(1,), (1, 2, 3)])
def test_collective_vector_length_misses(ttnn, words):
    runtime = OperationRuntime(A.collective())
    run(runtime, make_collective_resources(ttnn, SENDER, None, 0))

    def longer(**kwargs):
        base = make_collective_resources(ttnn, SENDER, None, 0)(**kwargs)
        entry = base.kernel_resources[0]
        args = (ttl.CoreRuntimeArgs((0, 0), words),) + entry.runtime_args[1:]
        return ttl.ProgramRuntimeResources(base.semaphore_descriptors,
                                           (ttl.KernelRuntimeResources(entry.kernel, args, entry.defines),))

    assert not run(runtime, longer).cache_hit
