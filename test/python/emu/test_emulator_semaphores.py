"""Semaphores and cross-core NoC writes on the emulated device: a producer core sends a page
to a consumer core's L1 and raises the consumer's semaphore; the consumer waits for it."""

from __future__ import annotations

import numpy as np

from hand_programs import Kernel, Program, accessor_words

SENDER = """
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
// Core (0, 0): reads page 0 of the input, writes it into core (1, 0)'s CB 0 slot, then
// increments core (1, 0)'s semaphore 0 (NoC coordinates are logical + 1 on the emulator,
// passed as runtime arguments as a host would).
void kernel_main() {
  if (get_absolute_logical_x() != 0) return;
  auto args = TensorAccessorArgs<0>();
  auto input = TensorAccessor(args, get_common_arg_val<uint32_t>(0));
  uint32_t peer_x = get_arg_val<uint32_t>(0), peer_y = get_arg_val<uint32_t>(1);
  cb_reserve_back(0, 1);
  uint32_t slot = get_write_ptr(0);
  noc_async_read_page(0, input, slot);
  noc_async_read_barrier();
  noc_async_write(slot, get_noc_addr(peer_x, peer_y, slot), 4096);
  noc_async_write_barrier();
  noc_semaphore_inc(get_noc_addr(peer_x, peer_y, get_semaphore(0)), 1);
  noc_async_atomic_barrier();
}
"""

RECEIVER = """
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
// Core (1, 0): waits for its semaphore, then writes the page it received to the output.
void kernel_main() {
  if (get_absolute_logical_x() != 1) return;
  auto args = TensorAccessorArgs<0>();
  auto output = TensorAccessor(args, get_common_arg_val<uint32_t>(0));
  auto *semaphore = reinterpret_cast<volatile uint32_t *>(get_semaphore(0));
  noc_semaphore_wait(semaphore, 1);
  noc_async_write_page(0, output, get_write_ptr(0));
  noc_async_write_barrier();
}
"""


def test_a_page_crosses_cores_behind_a_semaphore(device, rng):
    x = rng.uniform(-1, 1, (32, 32)).astype(np.float32)
    src = device.tensor(x)
    dst = device.tensor(np.zeros((32, 32), np.float32))
    for schedule in ("forward", "reverse"):
        device.schedule = schedule  # the receiver must wait in either order
        program = Program(
            kernels=[
                Kernel(SENDER, "reader", accessor_words(src), [2, 1], [src.buffer_address()]),
                Kernel(RECEIVER, "writer", accessor_words(dst), (), [dst.buffer_address()]),
            ],
            cbs=[(0, "float32", 1)],
            semaphores=[(0, 0)],
            cores=((0, 0), (1, 0)),
        )
        device.execute([src, dst], program.descriptor())
        np.testing.assert_array_equal(dst.to_numpy(), x)
        dst.write(np.zeros((32, 32), np.float32))
    device.schedule = "forward"
