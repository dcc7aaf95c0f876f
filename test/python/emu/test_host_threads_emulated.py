"""The emulated device on several host threads (``open_device(threads=N)``, docs/emulator.md,
"Scheduling"): each core's kernels run on one thread and cores are spread over the threads, so
a race-free program gives the same bits on any number of threads as on one; and the isolation
guarantees hold on every thread: a kernel faulting or spinning on a core of the second thread
is a ``KernelFault`` / ``KernelHang`` naming kernel and core, and the device stays usable.
Emulated results, not hardware ones."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

import ttlang.emu as emu
from hand_programs import Kernel, Program
from numerics import BF16
from program_files import load_module
from test_emulator_isolation import BROKEN, HEADER, _still_computes

CASES = pathlib.Path(__file__).resolve().parents[3] / "bench" / "cases"


def _bits(device, op, arrays, out_shape):
    tensors = [device.tensor(a) for a in arrays]
    out = device.empty(out_shape)
    op(*tensors, out)
    return out.to_numpy().view(np.uint16)


@pytest.mark.parametrize(
    "case, name, shapes",
    [
        # 4x4x4-tile blocks split over the first cores of the 8x8 grid, K summed in DEST / L1.
        ("matmul_grid_blocks", "matmul", [(256, 384), (384, 512)]),
        # A rectangle of them through an accumulator DFB, plus a bias and relu (tt-lang's
        # matmul tutorial).
        ("matmul_grid_full", "matmul_bias_relu", [(256, 256), (256, 512), (256, 512)]),
        ("matmul_4x4_grid_kloop", "matmul", [(256, 256), (256, 256)]),
    ],
)
def test_the_bits_do_not_depend_on_the_host_thread_count(emu_cache, case, name, shapes):
    op = getattr(load_module(CASES / f"{case}.py", f"emu_threads_{case}"), name)
    rng = np.random.default_rng(20261206)
    arrays = [rng.standard_normal(shape).astype(np.float32).astype(BF16) for shape in shapes]
    out_shape = (shapes[0][0], shapes[1][1])
    results = {
        threads: _bits(emu.open_device(cache_dir=emu_cache, threads=threads), op, arrays, out_shape)
        for threads in (1, 2, 3)
    }
    assert np.array_equal(results[1], results[2]) and np.array_equal(results[1], results[3])


def _on_core_1_0(body: str) -> str:
    """The broken body as core (1, 0)'s kernel, which must run on a thread of the emulator's
    own (the test runs on the process's main thread); the other cores end at once."""
    return (HEADER + "#include <stdexcept>\n#include <unistd.h>\n#include <sys/syscall.h>\n"
            "#define kernel_main broken_main\n" + body + "\n#undef kernel_main\n"
            "void kernel_main() {\n"
            "  if (get_absolute_logical_x() != 1 || get_absolute_logical_y() != 0) return;\n"
            "  if (syscall(SYS_gettid) == getpid()) throw std::runtime_error(\"on the main thread\");\n"
            "  broken_main();\n"
            "}\n")


def _run_on_2x2(device, body: str) -> None:
    t = device.empty((32, 32))
    program = Program(kernels=[Kernel(_on_core_1_0(body), "reader")], cbs=[(0, "bfloat16", 2)],
                      cores=((0, 0), (1, 1)))
    device.execute([t], program.descriptor(), kernel_names=["broken"])


@pytest.mark.parametrize("case", ["null-write", "division-by-zero", "throw", "abort", "deep-recursion"])
def test_a_kernel_breaking_on_the_second_host_thread_is_a_typed_error(emu_cache, rng, case):
    # Thread i starts with the i-th core of (0, 0), (1, 0), (0, 1), (1, 1): core (1, 0) runs on
    # the second one.
    device = emu.open_device(cache_dir=emu_cache, threads=2)
    body, error, words = BROKEN[case]
    with pytest.raises(error) as failure:
        _run_on_2x2(device, body)
    assert failure.value.kernel == "broken" and failure.value.core == (1, 0)
    message = str(failure.value)
    for word in words:
        assert word in message, message
    _still_computes(device, rng)


def test_a_kernel_spinning_on_the_second_host_thread_is_a_hang(emu_cache, rng):
    device = emu.open_device(cache_dir=emu_cache, watchdog=0.5, threads=2)
    spin = ("void kernel_main() {\n  auto *flag = reinterpret_cast<volatile uint32_t *>(get_write_ptr(0));\n"
            "  *flag = 0;\n  while (*flag == 0) {}\n}")
    with pytest.raises(emu.KernelHang) as failure:
        _run_on_2x2(device, spin)
    assert failure.value.kernel == "broken" and failure.value.core == (1, 0)
    message = str(failure.value)
    # Named in the kernel's own object, not in the second thread's private copy of it.
    assert "no progress for" in message and "spinning in broken_main()" in message
    assert ".so)" in message and "ttlang-kernel-" not in message, message
    _still_computes(device, rng)


def test_the_thread_count_is_checked(emu_cache):
    with pytest.raises(ValueError, match="threads must be an integer >= 1"):
        emu.open_device(cache_dir=emu_cache, threads=0)
    assert emu.open_device(cache_dir=emu_cache).threads == emu.default_threads()
