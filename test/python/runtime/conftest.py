"""Fixtures for the runtime tests: ttnn, a kernel handle like the frontend's ttl.Kernel, and a
counter of ttnn descriptor constructions (to prove that invalid resources build nothing)."""

from __future__ import annotations

import pathlib
import sys
from dataclasses import dataclass

import pytest

import ttlang as ttl

sys.path.insert(0, str(pathlib.Path(__file__).parent))


@pytest.fixture(scope="session")
def ttnn():
    import ttnn as module

    return module


class DeviceTensor:
    """A device tensor as the runtime sees one: its buffer address."""

    def __init__(self, address):
        self.address = address

    def buffer_address(self):
        return self.address


@dataclass(eq=False)
class FakeKernel:
    """What the runtime needs of the frontend's ttl.Kernel: a kind and, once an operation
    captured it, the bound logical kernel id."""

    kind: object
    logical_kernel_id: object = None


class _Counting:
    def __init__(self, real):
        self.real = real
        self.count = 0
        if hasattr(real, "SourceType"):
            self.SourceType = real.SourceType

    def __call__(self, *args, **kwargs):
        self.count += 1
        return self.real(*args, **kwargs)


class DescriptorCounter:
    def __init__(self, counters):
        self.counters = counters

    @property
    def total(self) -> int:
        return sum(c.count for c in self.counters.values())


@pytest.fixture
def descriptors(ttnn, monkeypatch):
    """Counts KernelDescriptor / ProgramDescriptor / CBDescriptor constructions by the runtime."""
    counters = {}
    for name in ("KernelDescriptor", "ProgramDescriptor", "CBDescriptor", "CBFormatDescriptor"):
        counters[name] = _Counting(getattr(ttnn, name))
        monkeypatch.setattr(ttnn, name, counters[name])
    return DescriptorCounter(counters)


def make_collective_resources(ttnn, sender, runtime_owner, word, define="1"):
    """The spec's make_resources, with the peer word as a parameter."""

    def make_resources(*, tensors, core_ranges, first_free_semaphore_id):
        semaphore = ttnn.SemaphoreDescriptor(first_free_semaphore_id, core_ranges=core_ranges, initial_value=0)
        return ttl.ProgramRuntimeResources(
            semaphore_descriptors=(semaphore,),
            kernel_resources=(
                ttl.KernelRuntimeResources(
                    kernel=sender,
                    runtime_args=(
                        ttl.CoreRuntimeArgs(ttnn.CoreCoord(0, 0), (first_free_semaphore_id, word)),
                        ttl.CoreRuntimeArgs(ttnn.CoreCoord(1, 0), (first_free_semaphore_id, word + 1)),
                    ),
                    defines=(ttl.KernelDefine("FABRIC_2D", define),),
                ),
            ),
            lifetimes=(runtime_owner, semaphore),
        )

    return make_resources
