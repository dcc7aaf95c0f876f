"""What the emulated device models of the hardware, pinned with hand-written kernels: each
test shows a behaviour that made a compiled program wrong on hardware (issue 14) and that the
emulator must reproduce, so a test of the compiled program fails on the wrong kernel."""

from __future__ import annotations

import numpy as np
import pytest

import ttlang.emu as emu

from hand_programs import READER, WRITER, Kernel, Program, accessor_words, unary_compute, unary_program
from numerics import assert_bits_equal, bf16, f32, truncate_bf16


def test_div_unary_tile_multiplies_by_its_parameter(device, rng):
    # ckernel_sfpu_binop_with_unary.h: DIV_UNARY computes x * s; the host passes 1/s.
    x = bf16(rng.uniform(-2, 2, (32, 32)))
    src, dst = device.tensor(x), device.empty((32, 32))
    ten = np.float32(10.0).view(np.uint32)
    body = f"binop_with_scalar_tile_init(); div_unary_tile(0, {ten}u);"
    device.execute([src, dst], unary_program(src, dst, unary_compute(body)).descriptor())
    # The product truncates into the 16-bit DEST (only RSUB rounds to nearest even there).
    assert_bits_equal(dst.to_numpy(), truncate_bf16(f32(x) * np.float32(10.0)))


def tf32(values: np.ndarray) -> np.ndarray:
    """f32 truncated to TF32 (10 explicit mantissa bits), as the source registers hold it."""
    return (np.asarray(values, np.float32).view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)


def test_f32_copies_keep_what_the_unpacker_and_dest_hold(device, rng):
    # copy_tile passes SrcA (19 bits: TF32) unless the CB's unpack_to_dest_mode sends 32-bit
    # tiles straight to DEST; a 16-bit DEST (fp32_dest_acc_en off) then rounds to bfloat16.
    x = rng.uniform(-1, 1, (32, 32)).astype(np.float32)
    cases = [
        (False, (), f32(bf16(tf32(x)))),
        (True, (), tf32(x)),
        (True, (0,), x),
    ]
    for fp32, to_dest, expected in cases:
        src, dst = device.tensor(x), device.empty((32, 32), dtype="float32")
        program = unary_program(src, dst, unary_compute(""), fp32_dest_acc_en=fp32, unpack_to_dest=to_dest)
        device.execute([src, dst], program.descriptor())
        assert_bits_equal(dst.to_numpy(), expected)


HOLD_TWO = """
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
// Reserves a page, then a second one without pushing the first: both writes land at the same
// write pointer (cb_reserve_back moves no pointer), so page 0 holds the second value.
void kernel_main() {
  cb_reserve_back(0, 1);
  uint32_t first = get_write_ptr(0);
  cb_reserve_back(0, 2);
  uint32_t second = get_write_ptr(0);
  *reinterpret_cast<volatile uint32_t*>(first) = 111;
  *reinterpret_cast<volatile uint32_t*>(second) = 222;
  auto args = TensorAccessorArgs<0>();
  auto out = TensorAccessor(args, get_common_arg_val<uint32_t>(0));
  noc_async_write_page(0, out, first);
  noc_async_write_barrier();
}
"""


def test_two_reserves_without_a_push_share_the_write_pointer(device):
    out = device.tensor(np.zeros((32, 32), np.float32), dtype="float32")
    program = Program(
        kernels=[Kernel(HOLD_TWO, "reader", accessor_words(out), (), [out.buffer_address()])],
        cbs=[(0, "float32", 2)],
    )
    device.execute([out], program.descriptor())
    raw = out.to_numpy().view(np.uint32)
    assert raw.reshape(-1)[0] == 222


SWAP_COMPUTE = """
#include <cstdint>
#include "api/compute/cb_api.h"
#include "api/compute/common.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/reg_api.h"
#include "api/compute/pack.h"
#include "api/compute/eltwise_unary/exp.h"
// Per page: consumes CB 0 (from the reader), then produces CB 0 (for the writer): the CB
// swaps its producer and consumer kernels, as a wrong physical-index reuse did.
void kernel_main() {
  compute_kernel_hw_startup(0, 0, 0);
  for (uint32_t p = 0; p < 2; ++p) {
    cb_wait_front(0, 1);
    tile_regs_acquire();
    copy_init(0);
    copy_tile(0, 0, 0);
    exp_tile_init();
    exp_tile(0);
    tile_regs_commit();
    cb_pop_front(0, 1);
    cb_reserve_back(0, 1);
    tile_regs_wait();
    pack_tile(0, 0);
    tile_regs_release();
    cb_push_back(0, 1);
  }
}
"""


def test_a_cb_that_swaps_producer_and_consumer_kernels_hangs(device, rng):
    # TT-Metal keeps the CB pointers, and the compute kernel's unpacker and packer their own
    # counters, per processor (zeroed at launch): the packer stores its count of 1 over the
    # reader's, so the second page never appears to the unpacker, and the program hangs.
    x = bf16(rng.uniform(-1, 1, (64, 32)))
    src, dst = device.tensor(x), device.empty((64, 32))
    program = Program(
        kernels=[
            Kernel(READER, "reader", [0, *accessor_words(src)], [2], [src.buffer_address()]),
            Kernel(SWAP_COMPUTE, "compute"),
            Kernel(WRITER, "writer", [0, *accessor_words(dst)], [2], [dst.buffer_address()]),
        ],
        cbs=[(0, "bfloat16", 2)],
    )
    with pytest.raises(emu.DeadlockError) as failure:
        device.execute([src, dst], program.descriptor(), kernel_names=["reader", "compute", "writer"])
    (blocked,) = failure.value.blocked
    assert blocked.kernel == "compute" and "cb_wait_front(cb 0, 1 page)" in blocked.waits_for


PUBLISH = """
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
// Writes 7s into page 0 of tensor 0, with nothing to order it against the other kernel.
void kernel_main() {
  cb_reserve_back(0, 1);
  auto *words = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
  for (int i = 0; i < 512; ++i) words[i] = 7;
  auto args = TensorAccessorArgs<0>();
  auto shared = TensorAccessor(args, get_common_arg_val<uint32_t>(0));
  noc_async_write_page(0, shared, get_write_ptr(0));
  noc_async_write_barrier();
}
"""

OBSERVE = """
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
// Copies page 0 of tensor 0 to page 0 of tensor 1.
void kernel_main() {
  auto a = TensorAccessorArgs<0>();
  auto b = TensorAccessorArgs<a.next_compile_time_args_offset()>();
  auto shared = TensorAccessor(a, get_common_arg_val<uint32_t>(0));
  auto seen = TensorAccessor(b, get_common_arg_val<uint32_t>(1));
  cb_reserve_back(1, 1);
  noc_async_read_page(0, shared, get_write_ptr(1));
  noc_async_read_barrier();
  noc_async_write_page(0, seen, get_write_ptr(1));
  noc_async_write_barrier();
}
"""


def test_the_reverse_schedule_exposes_a_race_between_kernels(emu_cache):
    # Two kernels touch one DRAM page without synchronising: the result depends on the order
    # they run in, and the two deterministic schedules show both outcomes.
    seen_values = {}
    for schedule in ("forward", "reverse"):
        device = emu.open_device(cache_dir=emu_cache, schedule=schedule)
        shared = device.tensor(np.zeros((32, 32), np.float32), dtype="float32")
        seen = device.tensor(np.ones((32, 32), np.float32), dtype="float32")
        words = [*accessor_words(shared), *accessor_words(seen)]
        program = Program(
            kernels=[
                Kernel(PUBLISH, "writer", accessor_words(shared), (), [shared.buffer_address()]),
                Kernel(OBSERVE, "reader", words, (), [shared.buffer_address(), seen.buffer_address()]),
            ],
            cbs=[(0, "float32", 1), (1, "float32", 1)],
        )
        device.execute([shared, seen], program.descriptor())
        seen_values[schedule] = int(seen.to_numpy().view(np.uint32)[0, 0])
    # forward: the writer (data movement 0) runs first; reverse: the reader does.
    assert seen_values == {"forward": 7, "reverse": 0}


PER_CORE_GLOBAL = """
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
// A global of the kernel: on hardware every core has its own copy, zeroed at launch.
uint32_t total = 0;
void kernel_main() {
  total += get_absolute_logical_x() + 1;
  cb_reserve_back(0, 1);
  auto *words = reinterpret_cast<volatile uint32_t *>(get_write_ptr(0));
  for (int i = 0; i < 1024; ++i) words[i] = total;
  auto args = TensorAccessorArgs<0>();
  auto out = TensorAccessor(args, get_common_arg_val<uint32_t>(0));
  noc_async_write_page(get_absolute_logical_x(), out, get_write_ptr(0));
  noc_async_write_barrier();
}
"""


def test_kernel_globals_are_per_core_and_fresh_each_run(device):
    out = device.tensor(np.zeros((32, 64), np.float32), dtype="float32")
    program = Program(
        kernels=[Kernel(PER_CORE_GLOBAL, "writer", accessor_words(out), (), [out.buffer_address()])],
        cbs=[(0, "float32", 1)],
        cores=((0, 0), (1, 0)),
    )
    for _ in range(2):
        device.execute([out], program.descriptor())
        words = out.to_numpy().view(np.uint32)
        assert (words[0, 0], words[0, 32]) == (1, 2)  # page 0 from core 0, page 1 from core 1


L1_ACCUMULATION_COMPUTE = """
#include <cstdint>
#include "api/compute/cb_api.h"
#include "api/compute/common.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/reg_api.h"
#include "api/compute/pack.h"
#include "api/compute/eltwise_unary/binop_with_scalar.h"
// Packs x into the reserved page, then x * 0.5 onto it with L1 accumulation on, then x * 0.25
// with it off again (an overwrite): the page ends as x * 0.25 when OVERWRITE_LAST, else
// as x + x * 0.5.
void kernel_main() {
  compute_kernel_hw_startup(0, 0, 16);
  for (uint32_t p = 0; p < PAGES; ++p) {
    cb_wait_front(0, 1);
    cb_reserve_back(16, 1);
    for (uint32_t step = 0; step < STEPS; ++step) {
      tile_regs_acquire();
      copy_init(0);
      copy_tile(0, 0, 0);
      binop_with_scalar_tile_init();
      mul_unary_tile(0, step == 0 ? 0x3F800000u : step == 1 ? 0x3F000000u : 0x3E800000u);
      tile_regs_commit();
      tile_regs_wait();
      pack_reconfig_l1_acc(step == 1 ? 1 : 0);
      pack_tile<true>(0, 16, 0);
      pack_reconfig_l1_acc(0);
      tile_regs_release();
    }
    cb_push_back(16, 1);
    cb_pop_front(0, 1);
  }
}
"""


@pytest.mark.parametrize("steps", [2, 3])
def test_pack_l1_accumulation_adds_to_the_page_in_its_format(device, rng, steps):
    # api/compute/pack.h pack_reconfig_l1_acc: while on, a pack adds DEST's tile to the one in
    # L1; tt-llk's golden model (apply_l1_accumulation) sums the partial results in the output
    # format, so bf16 x + bf16(x * 0.5) rounds once, to nearest even. Off again, a pack
    # overwrites.
    x = bf16(rng.uniform(-2, 2, (64, 32)))
    src, dst = device.tensor(x), device.empty((64, 32))
    program = unary_program(src, dst, L1_ACCUMULATION_COMPUTE)
    program.kernels[1].defines = [("PAGES", str(src.pages)), ("STEPS", str(steps))]
    device.execute([src, dst], program.descriptor())
    expected = bf16(f32(x) + f32(x) * np.float32(0.5)) if steps == 2 else bf16(f32(x) * np.float32(0.25))
    assert_bits_equal(dst.to_numpy(), expected)
