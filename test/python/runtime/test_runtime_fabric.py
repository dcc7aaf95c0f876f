"""External fabric managers: claims, bindings, control-plane links and manager intervals."""

from __future__ import annotations

import pytest
import rt_artifacts as A
from conftest import FakeKernel

import ttlang as ttl
from ttlang.artifact import FabricManagerSpec, KernelKind
from ttlang.runtime import (
    ControlPlane,
    FabricBindingError,
    FabricIntervalError,
    FabricManagerPhase,
    MeshDescription,
    OperationRuntime,
)

TENSORS = ("input", "output")
SENDER = FakeKernel(KernelKind.DATA_MOVEMENT, A.sender_id())
CLAIM = ttl.FabricManagerClaim(SENDER, "mux")
NODES = ((0, 0), (1, 0))  # the sender's worker nodes on the 2x1 grid
PAIR = ControlPlane(MeshDescription((1, 2), links_per_neighbor=2))  # two devices, two links


def requirement(device, destination, link, nodes=NODES):
    return ttl.FabricConnectionRequirement((device,), nodes, destination, link)


def full_binding(link=0, abi="tt_fabric_1d_v1", claim=CLAIM, lifetimes=()):
    """Each device of the pair reaches the other over ``link`` from both worker nodes."""
    return ttl.FabricConnectionBinding(
        claim=claim,
        requirements=(requirement((0, 0), (0, 1), link), requirement((0, 1), (0, 0), link)),
        abi_identity=abi,
        lifetimes=lifetimes,
    )


def run(runtime, *bindings, **extra):
    return runtime.run(
        TENSORS,
        runtime_resource_factory=lambda **_: ttl.ProgramRuntimeResources(fabric_bindings=bindings, **extra),
    )


# -- claims ----------------------------------------------------------------------------------------


def test_claim_calls():
    # The lifetime rules of these calls are the compiler's (ttl-record-fabric-managers,
    # test/lit/ttl/fabric/record_invalid.mlir, test_fabric_claims_frontend.py).
    assert [CLAIM.acquire().phase, CLAIM.use().phase, CLAIM.release().phase, CLAIM.scoped().phase] == [
        FabricManagerPhase.ACQUIRE, FabricManagerPhase.USE, FabricManagerPhase.RELEASE, FabricManagerPhase.SCOPED
    ]
    assert [phase.value for phase in FabricManagerPhase] == ["acquire", "use", "release", "scoped"]
    assert CLAIM.use().claim is CLAIM


# -- the control plane model -----------------------------------------------------------------------


def test_control_plane_from_mesh_description():
    # a 2x4 mesh (T3000-like) with two links per neighbour, rings along rows, link 1 of
    # (0, 0) -> (0, 1) down
    plane = ControlPlane(MeshDescription((2, 4), links_per_neighbor=2, wrap_rows=True,
                                         down_links=(((0, 0), (0, 1), 1),)))
    assert len(plane.devices) == 8
    assert plane.exposed_links((0, 0), (0, 1)) == (0,)
    assert plane.exposed_links((0, 1), (0, 0)) == (0, 1)
    assert plane.exposed_links((0, 0), (0, 3)) == (0, 1)  # wrap-around
    assert plane.exposed_links((0, 0), (1, 0)) == (0, 1)
    assert plane.exposed_links((0, 0), (1, 1)) == ()  # not a neighbour
    assert plane.exposed_links((0, 0), (0, 0)) == ()


# -- bindings ----------------------------------------------------------------------------------------


def test_binding_valid():
    owner = object()
    runtime = OperationRuntime(A.with_fabric(), control_plane=PAIR)
    result = run(runtime, full_binding(link=1, lifetimes=(owner,)))
    assert result.compile_only
    assert runtime.retained_owners == (owner,)  # binding owners stay referenced through execution


def test_binding_uncovered_instance():
    runtime = OperationRuntime(A.with_fabric(), control_plane=PAIR)
    binding = ttl.FabricConnectionBinding(
        claim=CLAIM,
        requirements=(requirement((0, 0), (0, 1), 0), requirement((0, 1), (0, 0), 0, nodes=((0, 0),))),
        abi_identity="tt_fabric_1d_v1",
    )
    with pytest.raises(FabricBindingError, match=r"do not cover logical device \(0, 1\), worker node \(1, 0\) of kernel 'sender'"):
        run(runtime, binding)


def test_binding_link_not_exposed():
    runtime = OperationRuntime(A.with_fabric(), control_plane=PAIR)
    with pytest.raises(FabricBindingError, match=r"fixed_link_index 2 is not exposed by the control plane from device \(0, 0\) to \(0, 1\) \(exposed: \[0, 1\]\)"):
        run(runtime, full_binding(link=2))
    down = ControlPlane(MeshDescription((1, 2), links_per_neighbor=2, down_links=(((0, 1), (0, 0), 0),)))
    with pytest.raises(FabricBindingError, match=r"fixed_link_index 0 is not exposed .* from device \(0, 1\) to \(0, 0\) \(exposed: \[1\]\)"):
        run(OperationRuntime(A.with_fabric(), control_plane=down), full_binding(link=0))
    with pytest.raises(FabricBindingError, match=r"not exposed .* from device \(0, 0\) to \(0, 0\)"):
        run(OperationRuntime(A.with_fabric()), ttl.FabricConnectionBinding(
            claim=CLAIM, requirements=(requirement((0, 0), (0, 0), 0),), abi_identity="tt_fabric_1d_v1"))


@pytest.mark.parametrize(
    "bindings, match",
    [
        ((), "fabric claim 'mux' of kernel 'sender' has no FabricConnectionBinding"),
        ((full_binding(), full_binding()), "has more than one FabricConnectionBinding"),
        ((full_binding(), full_binding(claim=ttl.FabricManagerClaim(SENDER, "other"))), "'other' .* is not captured"),
        ((full_binding(abi="tt_fabric_2d_v1"),), "declares ABI 'tt_fabric_2d_v1', the external kernel expects 'tt_fabric_1d_v1'"),
        ((full_binding(claim=ttl.FabricManagerClaim(FakeKernel(KernelKind.DATA_MOVEMENT), "mux")),), "not bound to any operation"),
    ],
)
def test_binding_claim_mismatch(bindings, match):
    from ttlang.runtime import RuntimeResourceError

    runtime = OperationRuntime(A.with_fabric(), control_plane=PAIR)
    with pytest.raises(RuntimeResourceError, match=match):
        run(runtime, *bindings)


def test_binding_inactive_device_and_foreign_node():
    runtime = OperationRuntime(A.with_fabric(), control_plane=PAIR)
    bad_device = ttl.FabricConnectionBinding(claim=CLAIM, requirements=(requirement((1, 0), (0, 0), 0),),
                                             abi_identity="tt_fabric_1d_v1")
    with pytest.raises(FabricBindingError, match=r"logical device \(1, 0\) is not active"):
        run(runtime, bad_device)
    bad_node = ttl.FabricConnectionBinding(claim=CLAIM, requirements=(requirement((0, 0), (0, 1), 0, nodes=((5, 5),)),),
                                           abi_identity="tt_fabric_1d_v1")
    with pytest.raises(FabricBindingError, match=r"worker node \(5, 5\) does not run kernel 'sender'"):
        run(runtime, bad_node)


# -- manager intervals ------------------------------------------------------------------------------


def test_intervals_disjoint_or_other_link_valid():
    later = FabricManagerSpec(A.sender_id(), "gen_late", False, 6, 9, (0,))  # after the claim's [2, 6)
    other_link = FabricManagerSpec(A.sender_id(), "gen_l1", False, 3, 5, (1,))  # during, on link 1
    runtime = OperationRuntime(A.with_fabric(later, other_link), control_plane=PAIR)
    assert run(runtime, full_binding(link=0)).compile_only


def test_intervals_overlap_generated():
    generated = FabricManagerSpec(A.sender_id(), "gen", False, 3, 5, (0,))
    runtime = OperationRuntime(A.with_fabric(generated), control_plane=PAIR)
    with pytest.raises(FabricIntervalError, match=r"external fabric manager 'mux' \[2, 6\) overlaps generated manager 'gen' \[3, 5\) on link 0"):
        run(runtime, full_binding(link=0))
    # the same artifact is fine when the external kernel is bound to the other link
    assert run(runtime, full_binding(link=1)).compile_only


def test_intervals_overlap_two_external_claims():
    second = FabricManagerSpec(A.sender_id(), "mux2", True, 5, 8, abi_identity=None)
    runtime = OperationRuntime(A.with_fabric(second), control_plane=PAIR)
    claim2 = ttl.FabricManagerClaim(SENDER, "mux2")
    with pytest.raises(FabricIntervalError, match=r"'mux' \[2, 6\) overlaps external manager 'mux2' \[5, 8\) on link 0"):
        run(runtime, full_binding(link=0), full_binding(link=0, claim=claim2, abi="any"))
    assert run(runtime, full_binding(link=0), full_binding(link=1, claim=claim2, abi="any")).compile_only


# -- cache identity ---------------------------------------------------------------------------------


def test_fabric_structure_in_cache_identity():
    second = FabricManagerSpec(A.sender_id(), "mux2", True, 7, 8)
    runtime = OperationRuntime(A.with_fabric(second, abi=None), control_plane=PAIR)
    claim2 = ttl.FabricManagerClaim(SENDER, "mux2")

    def bindings(link=0, abi="a", nodes=NODES, dest_swap=False, claims=(CLAIM, claim2)):
        first = ttl.FabricConnectionBinding(
            claim=claims[0],
            requirements=(requirement((0, 0), (0, 1), link, nodes), requirement((0, 1), (0, 0), 0)),
            abi_identity=abi,
        )
        return first, full_binding(claim=claims[1], abi="b")

    base = run(runtime, *bindings(), lifetimes=(object(),))
    assert run(runtime, *bindings(), lifetimes=(object(),)).cache_hit  # new owners: still a hit
    variants = [
        bindings(link=1),  # fixed link
        bindings(abi="a2"),  # ABI identity
        bindings(nodes=((1, 0), (0, 0), (0, 0))[:2] + ()),  # same set of nodes, reordered: a hit
        bindings(claims=(claim2, CLAIM)),  # claim identity swapped between bindings
    ]
    results = [run(runtime, *v) for v in variants]
    assert [r.cache_hit for r in results] == [False, False, True, False]
    assert len({base.program_hash, results[0].program_hash, results[1].program_hash, results[3].program_hash}) == 4


def test_endpoints_and_worker_nodes_in_cache_identity():
    ring = ControlPlane(MeshDescription((1, 3), links_per_neighbor=2, wrap_rows=True))
    runtime = OperationRuntime(A.with_fabric(), control_plane=ring)

    def binding(destinations, node_links):
        requirements = tuple(
            ttl.FabricConnectionRequirement(((0, c),), (node,), destinations[c], link)
            for c in range(3)
            for node, link in node_links
        )
        return ttl.FabricConnectionBinding(claim=CLAIM, requirements=requirements, abi_identity="tt_fabric_1d_v1")

    east = {c: (0, (c + 1) % 3) for c in range(3)}
    west = {c: (0, (c - 1) % 3) for c in range(3)}
    base = run(runtime, binding(east, (((0, 0), 0), ((1, 0), 1))))
    assert run(runtime, binding(east, (((0, 0), 0), ((1, 0), 1)))).cache_hit
    other_endpoint = run(runtime, binding(west, (((0, 0), 0), ((1, 0), 1))))
    other_nodes = run(runtime, binding(east, (((0, 0), 1), ((1, 0), 0))))  # same links, swapped nodes
    assert not other_endpoint.cache_hit and not other_nodes.cache_hit
    assert len({base.program_hash, other_endpoint.program_hash, other_nodes.program_hash}) == 3


# -- property: coverage is exactly "every (device, node) instance" -------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

INSTANCES = [((0, c), node) for c in range(2) for node in NODES]


@settings(max_examples=50, deadline=None)
@given(chosen=st.sets(st.sampled_from(INSTANCES)), link=st.sampled_from([0, 1]))
def test_coverage_property(chosen, link):
    runtime = OperationRuntime(A.with_fabric(), control_plane=PAIR)
    requirements = tuple(
        ttl.FabricConnectionRequirement((device,), (node,), (0, 1 - device[1]), link) for device, node in sorted(chosen)
    )
    binding = ttl.FabricConnectionBinding(claim=CLAIM, requirements=requirements, abi_identity="tt_fabric_1d_v1")
    if chosen == set(INSTANCES):
        assert run(runtime, binding).compile_only
    else:
        missing = sorted(set(INSTANCES) - chosen)[0]
        with pytest.raises(FabricBindingError, match="requirements do not cover"):
            run(runtime, binding)
        assert missing not in chosen


def test_fabric_rules_apply_on_every_call():
    # an operation with fabric managers never takes the dispatch memo: a second call that drops
    # the binding fails like the first would have
    runtime = OperationRuntime(A.with_fabric(), control_plane=PAIR)
    run(runtime, full_binding(link=1))
    assert run(runtime, full_binding(link=1)).cache_hit
    assert runtime._memo is None
    with pytest.raises(FabricBindingError):
        run(runtime)
