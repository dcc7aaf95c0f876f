"""Broken kernels on the emulated device (issue 33): a crash, an abort, a floating-point trap, an
escaping exception, a stack overflow or a raw pointer running off a core's L1 is a
``KernelFault`` naming kernel, core and what happened; a kernel spinning without progress is a
``KernelHang``; the host process survives and the device stays usable (a correct program
computes right after each)."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

import ttlang.emu as emu
from hand_programs import Kernel, Program, unary_compute, unary_program
from numerics import bf16

# Each body runs in a data-movement kernel on core (1, 1) of a 2x2 grid.
HEADER = """
#include <cstdint>
#include <cstdlib>
#include "api/dataflow/dataflow_api.h"
"""

BROKEN = {
    "null-write": ("void kernel_main() { *reinterpret_cast<volatile uint32_t *>(uintptr_t(0)) = 1; }",
                   emu.KernelFault, ["invalid memory access (SIGSEGV)"]),
    "far-write": ("void kernel_main() {\n"
                  "  auto *p = reinterpret_cast<volatile uint32_t *>(uintptr_t(get_write_ptr(0)) + (3ull << 30));\n"
                  "  *p = 1;\n}",
                  emu.KernelFault, ["invalid memory access (SIGSEGV)"]),
    "division-by-zero": ("void kernel_main() {\n  volatile int zero = 0;\n  volatile int r = 1000 / zero;\n"
                         "  (void)r;\n}",
                         emu.KernelFault, ["integer division by zero (SIGFPE)"]),
    "throw": ("#include <stdexcept>\nvoid kernel_main() { throw std::runtime_error(\"bad tile count\"); }",
              emu.KernelFault, ["an exception escaped the kernel: bad tile count"]),
    "throw-int": ("void kernel_main() { throw 42; }", emu.KernelFault, ["an exception escaped the kernel (int)"]),
    "abort": ("void kernel_main() { std::abort(); }", emu.KernelFault, ["abort() (SIGABRT"]),
    "deep-recursion": ("__attribute__((noinline)) uint32_t deep(volatile uint32_t n) {\n"
                       "  volatile uint8_t frame[512];\n  frame[0] = uint8_t(n);\n"
                       "  return n == 0 ? frame[0] : deep(n + 1) + frame[0];\n}\n"
                       "void kernel_main() { (void)deep(1); }",
                       emu.KernelFault, ["a stack overflow"]),
    # Runs forward from its CB until it leaves the core's L1: it must fault at the end of the
    # core's L1, never write into the next core's.
    "off-the-end-of-l1": ("void kernel_main() {\n"
                          "  auto *p = reinterpret_cast<volatile uint32_t *>(get_write_ptr(0));\n"
                          "  for (uint32_t i = 0; i < (4u << 20) / 4; ++i) p[i] = 0xdeadbeefu;\n}",
                          emu.KernelFault, ["0 B past the end of core (0, 0)'s"]),
}


def _run(device, body: str, cores=((1, 1), (1, 1))) -> None:
    t = device.empty((32, 32))
    program = Program(kernels=[Kernel(HEADER + body, "reader")], cbs=[(0, "bfloat16", 2)], cores=cores)
    device.execute([t], program.descriptor(), kernel_names=["broken"])


def _still_computes(device, rng) -> None:
    x = bf16(rng.uniform(-1, 1, (64, 64)))
    src, dst = device.tensor(x), device.empty((64, 64))
    device.execute([src, dst], unary_program(src, dst, unary_compute("")).descriptor())
    assert np.array_equal(dst.to_numpy(), x)


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_kernel_is_a_typed_error_and_the_device_stays_usable(device, rng, case):
    body, error, words = BROKEN[case]
    cores = ((0, 0), (0, 0)) if case == "off-the-end-of-l1" else ((1, 1), (1, 1))
    with pytest.raises(error) as failure:
        _run(device, body, cores)
    assert failure.value.kernel == "broken"
    assert failure.value.core == cores[0]
    message = str(failure.value)
    assert f"kernel 'broken' on core {cores[0]}" in message
    for word in words:
        assert word in message, message
    _still_computes(device, rng)


@pytest.mark.parametrize("case, statement", [
    ("far-write", "*p = 1;"),
    ("division-by-zero", "1000 / zero"),
    ("null-write", "= 1;"),
])
def test_a_fault_names_its_source_line(device, case, statement):
    # Kernels build with line tables (-g1): the report names the file and line of the faulting
    # instruction (here the kernel's own source in the build cache; a header's for an inlined
    # external function).
    with pytest.raises(emu.KernelFault) as failure:
        _run(device, BROKEN[case][0])
    source = failure.value.source
    assert source is not None and str(failure.value).endswith(f", at {source}")
    file, line = source.rsplit(":", 1)
    assert statement in pathlib.Path(file).read_text().splitlines()[int(line) - 1]


def test_running_off_a_cores_l1_leaves_the_next_cores_l1_alone(device):
    # An L1 tensor of 64 tiles, one in each core's L1 bank; core (0, 0) writes from its CB to
    # the end of its own L1 (where its own tile may be) and on: only that tile may change.
    values = np.arange(256 * 256, dtype=np.float32).reshape(256, 256)
    spread = device.tensor(values, memory_config=emu.L1)
    body, _, _ = BROKEN["off-the-end-of-l1"]
    with pytest.raises(emu.KernelFault):
        _run(device, body, ((0, 0), (0, 0)))
    got = spread.to_numpy().reshape(8, 32, 8, 32)
    changed = np.any(got != values.reshape(8, 32, 8, 32), axis=(1, 3))
    assert changed.sum() <= 1, f"{changed.sum()} tiles of other cores' L1 were overwritten"


def test_a_spinning_kernel_is_a_hang_naming_where_it_spins(emu_cache, rng):
    device = emu.open_device(cache_dir=emu_cache, watchdog=0.5)
    spin = ("void kernel_main() {\n  auto *flag = reinterpret_cast<volatile uint32_t *>(get_write_ptr(0));\n"
            "  *flag = 0;\n  while (*flag == 0) {}\n}")
    with pytest.raises(emu.KernelHang) as failure:
        _run(device, spin)
    assert failure.value.kernel == "broken" and failure.value.core == (1, 1)
    assert "no progress for" in str(failure.value) and "kernel_main" in str(failure.value)
    file, line = failure.value.source.rsplit(":", 1)
    assert "while (*flag == 0)" in pathlib.Path(file).read_text().splitlines()[int(line) - 1]
    _still_computes(device, rng)


def test_the_watchdog_can_be_turned_off(emu_cache):
    with pytest.raises(ValueError, match="watchdog must be seconds"):
        emu.open_device(cache_dir=emu_cache, watchdog=-1)
    assert emu.open_device(cache_dir=emu_cache, watchdog=None).watchdog == 0.0


def test_a_tensor_beyond_the_emulated_dram_is_a_device_memory_error(device):
    with pytest.raises(emu.DeviceMemoryError, match=r"shape \(1048576, 1048576\)"):
        device.empty((1 << 20, 1 << 20))


def test_a_dropped_tensor_gives_its_memory_back(emu_cache):
    # As a ttnn device tensor's buffer: freed when the tensor is garbage collected (found by the
    # fuzzer: thousands of programs' L1 tensors filled L1 until circular buffers no longer fit),
    # and a freed buffer's space is reused wherever it lies.
    device = emu.open_device(cache_dir=emu_cache)
    for _ in range(1000):  # 16 KiB per core each: far more than L1 holds, none kept
        device.empty((512, 512), dtype="float32", memory_config=emu.L1)
    kept = []
    with pytest.raises(emu.DeviceMemoryError):
        while True:
            kept.append(device.empty((512, 512), dtype="float32", memory_config=emu.L1))
    assert len(kept) > 40
    middle = kept[len(kept) // 2]
    address = middle.buffer_address()
    middle.deallocate()
    middle.deallocate()  # twice is harmless
    again = device.empty((512, 512), dtype="float32", memory_config=emu.L1)
    assert again.buffer_address() == address
