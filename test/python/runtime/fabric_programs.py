"""Invalid uses of fabric-manager claims for test_fabric_claims_frontend.py: each program marks
its error line with `# E:<case>`."""

import ttlang as ttl

H = "fabric_mux.hpp"
DM = ttl.KernelKind.DATA_MOVEMENT
MUX = ttl.FabricManagerClaim(DM, "mux")
SENDER = ttl.Kernel(DM)
WRITER = ttl.Kernel(DM)
SENDER_MUX = ttl.FabricManagerClaim(SENDER, "mux")
BOTH_KINDS = ttl.FabricManagerClaim(ttl.KernelKind.COMPUTE | DM, "mux")


def _no_resources(**_):
    return ttl.ProgramRuntimeResources()


def _op(fn):
    return ttl.operation(grid=(1, 1), runtime_resource_factory=_no_resources)(fn)


@_op
def not_a_claim_call(a):
    ttl.call_extern_func(H, "f", kernel=DM, fabric_manager_effects=[3])  # E:not_a_claim_call


@_op
def claim_of_two_kinds(a):
    ttl.call_extern_func(H, "f", kernel=DM, fabric_manager_effects=BOTH_KINDS.scoped())  # E:claim_of_two_kinds


@_op
def claim_in_another_kernel(a):
    ttl.call_extern_func(H, "a", kernel=SENDER, fabric_manager_effects=SENDER_MUX.acquire())
    ttl.call_extern_func(H, "b", kernel=WRITER, fabric_manager_effects=SENDER_MUX.use())  # E:claim_in_another_kernel
    ttl.call_extern_func(H, "c", kernel=SENDER, fabric_manager_effects=SENDER_MUX.release())


@_op
def claimed_call_in_two_kernels(a):
    ttl.call_extern_func(H, "f", kernel=ttl.KernelKind.COMPUTE | DM, fabric_manager_effects=MUX.scoped())  # E:claimed_call_in_two_kernels


@_op
def use_before_acquire(a):
    ttl.call_extern_func(H, "send", kernel=DM, fabric_manager_effects=MUX.use())  # E:use_before_acquire
    ttl.call_extern_func(H, "open", kernel=DM, fabric_manager_effects=MUX.acquire())
    ttl.call_extern_func(H, "close", kernel=DM, fabric_manager_effects=MUX.release())


@_op
def double_acquire(a):
    ttl.call_extern_func(H, "open", kernel=DM, fabric_manager_effects=MUX.acquire())
    ttl.call_extern_func(H, "open", kernel=DM, fabric_manager_effects=MUX.acquire())  # E:double_acquire
    ttl.call_extern_func(H, "close", kernel=DM, fabric_manager_effects=MUX.release())


@_op
def release_without_acquire(a):
    ttl.call_extern_func(H, "close", kernel=DM, fabric_manager_effects=MUX.release())  # E:release_without_acquire


@_op
def acquire_without_release(a):
    ttl.call_extern_func(H, "open", kernel=DM, fabric_manager_effects=MUX.acquire())  # E:acquire_without_release
    ttl.call_extern_func(H, "send", kernel=DM, fabric_manager_effects=MUX.use())


@_op
def scoped_mixed_with_acquire(a):
    ttl.call_extern_func(H, "all", kernel=DM, fabric_manager_effects=MUX.scoped())
    ttl.call_extern_func(H, "open", kernel=DM, fabric_manager_effects=MUX.acquire())  # E:scoped_mixed_with_acquire
    ttl.call_extern_func(H, "close", kernel=DM, fabric_manager_effects=MUX.release())


@_op
def released_in_a_loop(a):
    ttl.call_extern_func(H, "open", kernel=DM, fabric_manager_effects=MUX.acquire())
    for _ in range(2):
        ttl.call_extern_func(H, "close", kernel=DM, fabric_manager_effects=MUX.release())  # E:released_in_a_loop


@ttl.operation(grid=(1, 1))
def claim_without_factory(a):
    ttl.call_extern_func(H, "all", kernel=DM, fabric_manager_effects=MUX.scoped())  # E:claim_without_factory
