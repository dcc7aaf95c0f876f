"""Errors of the emulated device: each kind of failure raises its own type, naming the kernel,
the core and what went wrong."""

from __future__ import annotations

import numpy as np
import pytest

import ttlang.emu as emu
from hand_programs import READER, WRITER, Kernel, Program, accessor_words, unary_compute, unary_program
from numerics import bf16


def test_deadlock_names_each_blocked_kernel_and_what_it_waits_for(device, rng):
    # The compute kernel waits for two pages per step, the reader pushes only one.
    x = bf16(rng.uniform(-1, 1, (32, 32)))
    src, dst = device.tensor(x), device.empty((32, 32))
    program = unary_program(src, dst, unary_compute("").replace("cb_wait_front(0, 1)", "cb_wait_front(0, 2)"))
    with pytest.raises(emu.DeadlockError) as failure:
        device.execute([src, dst], program.descriptor(), dataflow_buffers={0: ("a_dfb", "prog.py:7")},
                       kernel_names=["reader", "compute", "writer"])
    blocked = {b.kernel: b for b in failure.value.blocked}
    assert set(blocked) == {"compute", "writer"}
    assert blocked["compute"].circular_buffer == 0
    assert "cb_wait_front(cb 0, 2 pages)" in blocked["compute"].waits_for
    assert blocked["compute"].dataflow_buffer == "a_dfb"
    assert blocked["compute"].location == "prog.py:7"
    assert blocked["writer"].circular_buffer == 16
    assert blocked["compute"].core == (0, 0)


OUT_OF_RANGE = """
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  cb_reserve_back(0, 1);
  // DRAM bank 0 (NoC (0, 1)) far above every allocated buffer.
  noc_async_read(get_noc_addr(0, 1, 0x3ff00000u), get_write_ptr(0), 2048);
  noc_async_read_barrier();
}
"""

MISALIGNED = """
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  auto args = TensorAccessorArgs<0>();
  auto tensor = TensorAccessor(args, get_common_arg_val<uint32_t>(0));
  cb_reserve_back(0, 1);
  noc_async_read(tensor.get_noc_addr(0), get_write_ptr(0) + 4, 64);
  noc_async_read_barrier();
}
"""

OUTSIDE_L1 = """
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  auto args = TensorAccessorArgs<0>();
  auto tensor = TensorAccessor(args, get_common_arg_val<uint32_t>(0));
  noc_async_read(tensor.get_noc_addr(0), get_write_ptr(0) + (2u << 20), 64);
}
"""


@pytest.mark.parametrize(
    "source, words",
    [
        (OUT_OF_RANGE, ("noc_async_read source", "outside every allocated buffer")),
        (MISALIGNED, ("differ in their 16-byte alignment",)),
        (OUTSIDE_L1, ("noc_async_read destination", "outside the core's")),
    ],
    ids=["dram-out-of-range", "misaligned", "l1-out-of-range"],
)
def test_bad_noc_accesses_are_kernel_faults_naming_kernel_and_core(device, source, words):
    t = device.empty((32, 32))
    program = Program(
        kernels=[Kernel(source, "reader", accessor_words(t), (), [t.buffer_address()])],
        cbs=[(0, "bfloat16", 2)],
        cores=((1, 1), (1, 1)),
    )
    with pytest.raises(emu.KernelFault) as failure:
        device.execute([t], program.descriptor(), kernel_names=["my_reader"])
    assert failure.value.kernel == "my_reader"
    assert failure.value.core == (1, 1)
    message = str(failure.value)
    assert "kernel 'my_reader' on core (1, 1)" in message
    for word in words:
        assert word in message


def test_a_tile_read_after_its_pop_is_a_kernel_fault(device, rng):
    x = bf16(rng.uniform(-1, 1, (32, 32)))
    src, dst = device.tensor(x), device.empty((32, 32))
    body = "cb_pop_front(0, 1); copy_tile(0, 0, 0);"
    program = unary_program(src, dst, unary_compute(body).replace("cb_pop_front(0, 1);\n  }", "}"))
    with pytest.raises(emu.KernelFault, match="reads tile 0 of cb 0, but only 0 pages"):
        device.execute([src, dst], program.descriptor())


def test_a_call_outside_the_emulated_api_fails_to_build_naming_it(device):
    t = device.empty((32, 32))
    source = READER.replace("cb_push_back(cb, 1);", "cb_push_back(cb, 1); noc_async_read_tile_dram_sharded(p);")
    program = Program(kernels=[Kernel(source, "reader", [0, *accessor_words(t)], [1], [t.buffer_address()])],
                      cbs=[(0, "bfloat16", 2)])
    with pytest.raises(emu.KernelBuildError) as failure:
        device.execute([t], program.descriptor(), kernel_names=["reader"])
    assert failure.value.undeclared == ("noc_async_read_tile_dram_sharded",)
    assert "kernel 'reader' calls 'noc_async_read_tile_dram_sharded'" in str(failure.value)


def test_two_kernels_on_one_processor_is_a_program_error(device):
    t = device.empty((32, 32))
    reader = Kernel(READER, "reader", [0, *accessor_words(t)], [1], [t.buffer_address()])
    program = Program(kernels=[reader, reader], cbs=[(0, "bfloat16", 2)])
    with pytest.raises(emu.ProgramError, match="both run on the data_movement_1 processor of core"):
        device.execute([t], program.descriptor())


def test_circular_buffers_beyond_l1_are_a_program_error(device):
    t = device.empty((32, 32))
    reader = Kernel(READER, "reader", [0, *accessor_words(t)], [1], [t.buffer_address()])
    program = Program(kernels=[reader], cbs=[(0, "bfloat16", 1024)])
    with pytest.raises(emu.ProgramError, match="grow to"):
        device.execute([t], program.descriptor())


def test_bfp8_tensors_are_not_emulated(device):
    with pytest.raises(emu.NotEmulatedError, match="bfloat8_b"):
        device.empty((32, 32), dtype="bfloat8_b")


PACK_BFP8 = """
#include <cstdint>
#include "api/compute/cb_api.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/reg_api.h"
#include "api/compute/pack.h"
void kernel_main() {
  compute_kernel_hw_startup(0, 0, 0);
  cb_reserve_back(0, 1);
  tile_regs_acquire();
  tile_regs_commit();
  tile_regs_wait();
  pack_tile(0, 0);
  tile_regs_release();
  cb_push_back(0, 1);
}
"""


def test_packing_a_bfp8_tile_is_not_emulated(device):
    program = Program(kernels=[Kernel(PACK_BFP8, "compute")], cbs=[(0, "bfloat8_b", 2)])
    with pytest.raises(emu.NotEmulatedError, match="bfp8_b|Bfp8_b"):
        device.execute([], program.descriptor())


ADD_FROM_DEST_CB = """
#include <cstdint>
#include "api/compute/cb_api.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/reg_api.h"
#include "api/compute/pack.h"
void kernel_main() {
  compute_kernel_hw_startup(0, 0, 16);
  binary_tiles_init<true, ELWADD>(0, 0);
  cb_wait_front(0, 1);
  cb_reserve_back(16, 1);
  tile_regs_acquire();
  add_tiles(0, 0, 0, 0, 0);
  tile_regs_commit();
  tile_regs_wait();
  pack_tile(0, 16);
  tile_regs_release();
  cb_push_back(16, 1);
  cb_pop_front(0, 1);
}
"""


def test_an_fpu_op_on_a_cb_that_unpacks_to_dest_is_a_kernel_fault(device, rng):
    x = rng.uniform(-1, 1, (32, 32)).astype(np.float32)
    src, dst = device.tensor(x), device.empty((32, 32), dtype="float32")
    program = unary_program(src, dst, ADD_FROM_DEST_CB, fp32_dest_acc_en=True, unpack_to_dest=(0,))
    with pytest.raises(emu.KernelFault, match="unpack_to_dest_mode sends its 32-bit tiles straight to DEST"):
        device.execute([src, dst], program.descriptor())
