"""External fabric-manager claims end to end: an operation passes ``claim.acquire()`` /
``use()`` / ``release()`` / ``scoped()`` to its external calls, the compiler checks the claim's
lifetime and records its interval in the kernel record, the artifact lists it in
``fabric_managers``, and the factory's ``FabricConnectionBinding`` is validated against it
(coverage, control-plane links, intervals, cache identity). Every bad input raises its type at
the user's line."""

from __future__ import annotations

import pathlib

import fabric_programs as programs
import pytest
from error_markers import marker_line

import ttlang as ttl
from ttlang.artifact import FabricManagerSpec
from ttlang.errors import CompilerError, FrontendError, TTLangError
from ttlang.runtime import (
    ControlPlane,
    FabricBindingError,
    FabricIntervalError,
    KernelSelectionError,
    MeshDescription,
)

HEADER = "fabric_mux.hpp"  # compile-only: the header is never built
SPEC = ttl.TensorSpec((32, 64))
PAIR = ControlPlane(MeshDescription((1, 2), links_per_neighbor=2))  # two devices, two links
NODES = ((0, 0), (1, 0))  # the 2x1 grid


def binding(claim, link=0, abi="mux_v1", nodes=NODES, lifetimes=()):
    """Each device of the pair reaches the other over ``link`` from ``nodes``."""
    return ttl.FabricConnectionBinding(
        claim=claim,
        requirements=(
            ttl.FabricConnectionRequirement(((0, 0),), nodes, (0, 1), link),
            ttl.FabricConnectionRequirement(((0, 1),), nodes, (0, 0), link),
        ),
        abi_identity=abi,
        lifetimes=lifetimes,
    )


class Factory:
    """Returns ``bindings()`` on every call (the test changes it between calls)."""

    def __init__(self):
        self.bindings = lambda: ()

    def __call__(self, *, tensors, core_ranges, first_free_semaphore_id):
        return ttl.ProgramRuntimeResources(fabric_bindings=tuple(self.bindings()))


def make_forward():
    """A 2x1 operation whose ``sender`` kernel opens, uses (in a loop) and closes claim 'mux'."""
    sender = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)
    mux = ttl.FabricManagerClaim(sender, "mux")
    factory = Factory()

    @ttl.operation(grid=(2, 1), runtime_resource_factory=factory)
    def forward(inp, out):
        ttl.call_extern_func(HEADER, "mux_open", kernel=sender, fabric_manager_effects=[mux.acquire()])
        for _ in range(2):
            ttl.call_extern_func(HEADER, "mux_send", func_args=[inp, out], kernel=sender,
                                 fabric_manager_effects=mux.use())
        ttl.call_extern_func(HEADER, "mux_close", kernel=sender, fabric_manager_effects=[mux.release()])

    return forward, sender, mux, factory


# -- compiled and recorded ---------------------------------------------------------------------


def test_claim_is_recorded_in_the_artifact():
    forward, sender, mux, _ = make_forward()
    compiled = forward.compile(SPEC, SPEC)
    (spec,) = compiled.artifact.fabric_managers
    assert spec.logical_kernel == sender and spec.name == "mux" and spec.external
    assert spec.abi_identity is None and spec.link_indices == ()
    # [the acquiring call, after the releasing call): the loop with its uses lies inside
    assert spec.start < spec.end and spec.end - spec.start > 3
    assert 'fabric_managers [#ttl.fabric_manager<acquire, "mux"' in compiled.ir
    assert 'ttl.fabric_claims = [#ttl.fabric_claim<name = "mux"' in compiled.ir
    # the claim emits nothing: the C++ calls are the plain calls
    sender_source = compiled.descriptors_of(sender.id)[0].source
    assert "mux_open();" in sender_source and "mux_close();" in sender_source


def test_scoped_claim_of_a_canonical_kernel():
    mux = ttl.FabricManagerClaim(ttl.KernelKind.DATA_MOVEMENT, "mux")

    @ttl.operation(grid=(1, 1), runtime_resource_factory=Factory())
    def scoped(inp):
        ttl.call_extern_func(HEADER, "mux_all", kernel=ttl.KernelKind.DATA_MOVEMENT,
                             fabric_manager_effects=mux.scoped())

    (spec,) = scoped.compile(SPEC).artifact.fabric_managers
    assert spec.logical_kernel.name == "data_movement" and spec.end == spec.start + 1


# -- the factory's binding ---------------------------------------------------------------------


def test_binding_validates_and_is_retained():
    forward, _, mux, factory = make_forward()
    owner = object()
    factory.bindings = lambda: (binding(mux, link=1, lifetimes=(owner,)),)
    result = forward(SPEC, SPEC, device=None, control_plane=PAIR)
    assert result.compile_only
    assert forward.runtime(SPEC, SPEC, control_plane=PAIR).retained_owners == (owner,)


@pytest.mark.parametrize(
    "bindings, error, match",
    [
        (lambda mux: (), FabricBindingError, "fabric claim 'mux' of kernel 'sender' has no FabricConnectionBinding"),
        (lambda mux: (binding(mux), binding(mux)), FabricBindingError, "more than one FabricConnectionBinding"),
        (lambda mux: (binding(mux), binding(ttl.FabricManagerClaim(mux.kernel, "other"))), FabricBindingError,
         "'other' .* is not captured"),
        (lambda mux: (binding(mux, link=2),), FabricBindingError,
         r"fixed_link_index 2 is not exposed by the control plane from device \(0, 0\) to \(0, 1\)"),
        (lambda mux: (binding(mux, nodes=((0, 0),)),), FabricBindingError,
         r"do not cover logical device \(0, 0\), worker node \(1, 0\) of kernel 'sender'"),
        (lambda mux: (binding(ttl.FabricManagerClaim(ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT), "mux")),),
         KernelSelectionError, "not bound to any operation"),
    ],
)
def test_bad_binding_raises_its_type(bindings, error, match):
    forward, _, mux, factory = make_forward()
    factory.bindings = lambda: bindings(mux)
    with pytest.raises(error, match=match):
        forward(SPEC, SPEC, device=None, control_plane=PAIR)


def test_without_a_control_plane_no_link_exists():
    forward, _, mux, factory = make_forward()
    factory.bindings = lambda: (binding(mux),)
    with pytest.raises(FabricBindingError, match=r"fixed_link_index 0 is not exposed .* \(exposed: \[\]\)"):
        forward(SPEC, SPEC, device=None)


def test_binding_structure_is_in_the_cache_identity():
    forward, _, mux, factory = make_forward()
    results = []
    for link, abi in ((0, "mux_v1"), (0, "mux_v1"), (1, "mux_v1"), (1, "mux_v2")):
        factory.bindings = lambda link=link, abi=abi: (binding(mux, link=link, abi=abi, lifetimes=(object(),)),)
        results.append(forward(SPEC, SPEC, device=None, control_plane=PAIR))
    assert [r.cache_hit for r in results] == [False, True, False, False]
    assert len({r.program_hash for r in results}) == 3


def test_external_and_generated_intervals_are_checked_together():
    # The compiler generates no fabric manager itself; an artifact that also carries a generated
    # one on the claim's link during the claim's lifetime is rejected before any descriptor.
    import dataclasses

    from ttlang.runtime import OperationRuntime

    forward, sender, mux, factory = make_forward()
    artifact = forward.compile(SPEC, SPEC).artifact
    (claim,) = artifact.fabric_managers
    generated = FabricManagerSpec(sender.id, "gen", False, claim.start + 1, claim.start + 2, (0,))
    runtime = OperationRuntime(
        dataclasses.replace(artifact, fabric_managers=(claim, generated)), control_plane=PAIR
    )
    factory.bindings = lambda: (binding(mux, link=0),)
    with pytest.raises(FabricIntervalError, match="external fabric manager 'mux' .* overlaps generated manager 'gen'"):
        runtime.run((SPEC, SPEC), runtime_resource_factory=factory)
    factory.bindings = lambda: (binding(mux, link=1),)
    assert runtime.run((SPEC, SPEC), runtime_resource_factory=factory).compile_only


# -- bad programs: an error at the user's line -------------------------------------------------

ERRORS = {
    # the frontend: no IR form
    "not_a_claim_call": (FrontendError, "fabric_manager_effects takes claim.acquire()"),
    "claim_of_two_kinds": (FrontendError, "fabric manager claim 'mux' must select one kernel of this operation"),
    # CallExternFuncOp::verify
    "claim_in_another_kernel": (
        FrontendError, "runs in logical kernel 'WRITER' of operation '{op}' but fabric manager claim 'mux' "
        "belongs to kernel 'SENDER' of operation '{op}'; the calls of a claim run in its kernel only"),
    "claimed_call_in_two_kernels": (FrontendError, "claims a fabric manager and runs in 2 logical kernels"),
    "claim_without_factory": (FrontendError, "claims fabric manager 'mux' in an operation without a runtime resource factory"),
    # ttl-record-fabric-managers
    "use_before_acquire": (CompilerError, "fabric manager claim 'mux' is used before it is acquired"),
    "double_acquire": (CompilerError, "fabric manager claim 'mux' is acquired twice"),
    "release_without_acquire": (CompilerError, "fabric manager claim 'mux' is released without an acquire"),
    "acquire_without_release": (CompilerError, "fabric manager claim 'mux' is acquired but never released before its kernel ends"),
    "scoped_mixed_with_acquire": (CompilerError, "fabric manager claim 'mux' mixes a scoped call with acquire / use / release calls"),
    "released_in_a_loop": (CompilerError, "fabric manager claim 'mux' is released in another block than it is acquired"),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_bad_program_raises_its_type_at_the_line(case):
    error_type, message = ERRORS[case]
    op = getattr(programs, case)
    with pytest.raises(TTLangError) as info:
        op.compile(SPEC)
    err = info.value
    assert type(err) is error_type, err
    assert message.format(op=op.operation_id) in err.message, err.message
    assert pathlib.Path(err.file) == pathlib.Path(programs.__file__)
    assert err.line == marker_line(pathlib.Path(programs.__file__), case)


# -- composition ------------------------------------------------------------------------------


def make_stage():
    """A callee that owns kernel ``loader`` and its claim 'link'."""
    loader = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)
    link = ttl.FabricManagerClaim(loader, "link")

    @ttl.operation(grid=(2, 1))
    def stage(inp, out):
        ttl.call_extern_func(HEADER, "send", func_args=[inp, out], kernel=loader,
                             fabric_manager_effects=link.scoped())

    return stage, loader, link


def test_composed_claim_reaches_the_callee_kernel():
    stage, loader, link = make_stage()
    factory = Factory()

    @ttl.operation(grid=(2, 1), runtime_resource_factory=factory)
    def outer(inp, out):
        stage(inp, out)

    (spec,) = outer.compile(SPEC, SPEC).artifact.fabric_managers
    assert spec.logical_kernel == loader and spec.logical_kernel.operation_id == stage.operation_id
    # the factory selects the callee's kernel and binds its claim, as the outer operation runs it
    factory.bindings = lambda: (binding(link),)
    assert outer(SPEC, SPEC, device=None, control_plane=PAIR).compile_only
    factory.bindings = lambda: ()
    with pytest.raises(FabricBindingError, match="fabric claim 'link' of kernel 'loader' has no FabricConnectionBinding"):
        outer(SPEC, SPEC, device=None, control_plane=PAIR)
