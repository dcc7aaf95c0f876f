"""Kernels that use TT-Fabric from external C++, for the mesh tests (test_mesh_emulated.py,
and mesh_programs.py, which test_mesh_mpi.py runs in one process and over MPI ranks): misuse of
a connection, semaphore increments across chips, and waits for them."""

from __future__ import annotations

import pathlib

import ttlang as ttl

FAULTY = r"""
#pragma once
#include "tt_metal/fabric/hw/inc/edm_fabric/fabric_connection_manager.hpp"
#include "tt_metal/fabric/hw/inc/linear/api.h"

inline void faulty(uint32_t scratch) {
  const uint32_t mode = get_arg_val<uint32_t>(0);
  std::size_t arg = 1;
  auto sender = tt::tt_fabric::WorkerToFabricEdmSender::build_from_args(arg);
  cb_reserve_back(scratch, 1);
  auto *header = reinterpret_cast<volatile PACKET_HEADER_TYPE *>(get_write_ptr(scratch));
  header->to_chip_unicast(1);
  header->to_noc_unicast_atomic_inc(tt::tt_fabric::NocUnicastAtomicIncCommandHeader{
      get_noc_addr(my_x[0], my_y[0], get_semaphore(0)), 1});
  const uint32_t at = get_write_ptr(scratch);
  if (mode == 1) {  // closed route: opened, closed, then used
    sender.open();
    sender.close();
    sender.send_payload_flush_blocking_from_address(at, sizeof(PACKET_HEADER_TYPE));
  } else if (mode == 2) {  // no flow control: more packets than the link buffers
    sender.open();
    for (int i = 0; i < 9; ++i)
      sender.send_payload_flush_blocking_from_address(at, sizeof(PACKET_HEADER_TYPE));
    sender.close();
  } else if (mode == 3) {  // with flow control: fine
    sender.open();
    for (int i = 0; i < 9; ++i) {
      sender.wait_for_empty_write_slot();
      sender.send_payload_flush_blocking_from_address(at, sizeof(PACKET_HEADER_TYPE));
    }
    sender.close();
  } else if (mode == 4) {  // left open
    sender.open();
  }
  cb_push_back(scratch, 1);
  cb_wait_front(scratch, 1);
  cb_pop_front(scratch, 1);
}
"""


def faulty_operation(header: pathlib.Path, mode: int, destination_of):
    def make_resources(*, tensors, core_ranges, first_free_semaphore_id):
        chip = tensors[0].device()
        word = chip.mesh.fabric_connection_word(destination_of(chip.mesh_coordinate), 0)
        return ttl.ProgramRuntimeResources(kernel_resources=(ttl.KernelRuntimeResources(
            kernel=ttl.KernelKind.DATA_MOVEMENT, runtime_args=(ttl.CoreRuntimeArgs((0, 0), (mode, word)),)),))

    @ttl.operation(grid=(1, 1), runtime_resource_factory=make_resources)
    def faulty(inp):
        scratch = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=1)
        ttl.call_extern_func(str(header), "faulty", func_args=[scratch], kernel=ttl.KernelKind.DATA_MOVEMENT,
                             dfb_effects=[ttl.DFBEffect.reserve(scratch, tiles=1), ttl.DFBEffect.push(scratch, tiles=1),
                                          ttl.DFBEffect.wait(scratch, tiles=1), ttl.DFBEffect.pop(scratch, tiles=1)])

    return faulty


RELAY = FAULTY + r"""
inline void wait_nine() { noc_semaphore_wait(reinterpret_cast<volatile uint32_t *>(get_semaphore(0)), 9); }
"""


def relay_operation(header: pathlib.Path, mode_of, destination_of):
    """Each chip's data-movement kernel runs FAULTY's ``mode_of(device_id)`` towards chip
    ``destination_of(mesh_coordinate)`` (3: nine semaphore increments, waiting for a free slot
    before each; 1: a send on a closed route), and a second kernel waits until its own
    semaphore has nine (``header``: RELAY)."""
    waiter = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)

    def make_resources(*, tensors, core_ranges, first_free_semaphore_id):
        import ttnn  # noqa: PLC0415

        chip = tensors[0].device()
        word = chip.mesh.fabric_connection_word(destination_of(chip.mesh_coordinate), 0)
        return ttl.ProgramRuntimeResources(
            semaphore_descriptors=(ttnn.SemaphoreDescriptor(0, core_ranges=core_ranges, initial_value=0),)
            if first_free_semaphore_id == 0 else (),
            kernel_resources=(ttl.KernelRuntimeResources(
                kernel=ttl.KernelKind.DATA_MOVEMENT,
                runtime_args=(ttl.CoreRuntimeArgs((0, 0), (mode_of(chip.device_id), word)),)),))

    @ttl.operation(grid=(1, 1), runtime_resource_factory=make_resources)
    def relay(inp):
        scratch = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=1)
        ttl.call_extern_func(str(header), "faulty", func_args=[scratch], kernel=ttl.KernelKind.DATA_MOVEMENT,
                             dfb_effects=[ttl.DFBEffect.reserve(scratch, tiles=1), ttl.DFBEffect.push(scratch, tiles=1),
                                          ttl.DFBEffect.wait(scratch, tiles=1), ttl.DFBEffect.pop(scratch, tiles=1)])
        ttl.call_extern_func(str(header), "wait_nine", kernel=waiter)

    return relay


WAITING = FAULTY + r"""
#include "tt_metal/fabric/hw/inc/tt_fabric_api.h"

inline void wait_for(uint32_t count) {
  noc_semaphore_wait(reinterpret_cast<volatile uint32_t *>(get_semaphore(0)), count);
}

// 2-D: increments semaphore 0 of the chip runtime word 2 names (row-major), leaving on this
// chip's connection (word 1).
inline void increment_2d(uint32_t scratch) {
  const uint32_t target = get_arg_val<uint32_t>(2);
  std::size_t arg = 1;
  auto sender = tt::tt_fabric::WorkerToFabricEdmSender::build_from_args(arg);
  sender.open();
  cb_reserve_back(scratch, 1);
  auto *header = reinterpret_cast<volatile PACKET_HEADER_TYPE *>(get_write_ptr(scratch));
  fabric_set_unicast_route(header, uint16_t(target), 0);
  header->to_noc_unicast_atomic_inc(tt::tt_fabric::NocUnicastAtomicIncCommandHeader{
      get_noc_addr(my_x[0], my_y[0], get_semaphore(0)), 1});
  sender.wait_for_empty_write_slot();
  sender.send_payload_flush_blocking_from_address(get_write_ptr(scratch), sizeof(PACKET_HEADER_TYPE));
  cb_push_back(scratch, 1);
  cb_wait_front(scratch, 1);
  cb_pop_front(scratch, 1);
  sender.close();
}
"""


def waiting_operation(header: pathlib.Path, first: str, wait: int, destination_of, target_of=None):
    """Each chip's data-movement kernel runs ``first`` (FAULTY's mode 0: nothing; or
    ``increment_2d``), then waits until its semaphore 0 reaches ``wait``."""
    waiter = ttl.Kernel(ttl.KernelKind.DATA_MOVEMENT)

    def make_resources(*, tensors, core_ranges, first_free_semaphore_id):
        import ttnn  # noqa: PLC0415

        chip = tensors[0].device()
        word = chip.mesh.fabric_connection_word(destination_of(chip.mesh_coordinate), 0)
        return ttl.ProgramRuntimeResources(
            semaphore_descriptors=(ttnn.SemaphoreDescriptor(0, core_ranges=core_ranges, initial_value=0),),
            kernel_resources=(ttl.KernelRuntimeResources(
                kernel=ttl.KernelKind.DATA_MOVEMENT if first == "increment_2d" else waiter,
                runtime_args=(ttl.CoreRuntimeArgs((0, 0), (0, word, target_of(chip.device_id) if target_of else 0)),)),))

    @ttl.operation(grid=(1, 1), runtime_resource_factory=make_resources)
    def waiting(inp):
        scratch = ttl.make_dataflow_buffer_like(inp, shape=(1, 1), block_count=1)
        effects = [ttl.DFBEffect.reserve(scratch, tiles=1), ttl.DFBEffect.push(scratch, tiles=1),
                   ttl.DFBEffect.wait(scratch, tiles=1), ttl.DFBEffect.pop(scratch, tiles=1)]
        if first == "increment_2d":
            ttl.call_extern_func(str(header), "increment_2d", func_args=[scratch], kernel=ttl.KernelKind.DATA_MOVEMENT,
                                 dfb_effects=effects)
        ttl.call_extern_func(str(header), "wait_for", func_args=[wait], kernel=waiter)

    return waiting
