// The emulated worker-to-router sender connection (TT-Metal's
// tt_metal/fabric/hw/inc/edm_fabric/edm_fabric_worker_adapters.hpp,
// WorkerToFabricEdmSender): built from one runtime word (the connection's
// eth channel there; here ttlang.emu's MeshDevice.fabric_connection_word),
// opened before sending and closed before the kernel ends. A sender waits for
// a free buffer slot (wait_for_empty_write_slot) before each packet.
#pragma once

#include <cstddef>
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "hostdev/fabric_edm_packet_header.hpp"
#include "ttlemu/fabric.h"

namespace tt::tt_fabric {

struct WorkerToFabricEdmSender {
  uint32_t connection = UINT32_MAX;

  template <ProgrammableCoreType my_core_type = ProgrammableCoreType::TENSIX,
            bool sem_args_are_l1_addresses = false>
  static WorkerToFabricEdmSender build_from_args(std::size_t &arg_idx) {
    WorkerToFabricEdmSender sender;
    sender.connection = ttlemu::rt::fabricConnect(get_arg_val<uint32_t>(arg_idx++));
    return sender;
  }

  template <bool SEND_CREDIT_ADDR = false> void open_start() { ttlemu::rt::fabricOpen(connection); }
  void open_finish() {}
  template <bool SEND_CREDIT_ADDR = false> void open() { open_start<SEND_CREDIT_ADDR>(); }
  void close_start() { ttlemu::rt::fabricClose(connection); }
  void close_finish() {}
  void close() { close_start(); }

  uint32_t get_num_free_write_slots() const { return ttlemu::rt::fabricFreeSlots(connection); }
  template <std::size_t num_slots = 1> bool edm_has_space_for_packet() const {
    return get_num_free_write_slots() >= num_slots;
  }
  void wait_for_empty_write_slot() const {
    while (!edm_has_space_for_packet<1>()) {
    }
  }

  void send_payload_without_header_non_blocking_from_address(uint32_t source, std::size_t bytes,
                                                             uint8_t noc = 0) {
    ttlemu::rt::fabricStagePayload(connection, source, uint32_t(bytes));
  }
  void send_payload_flush_blocking_from_address(uint32_t source, std::size_t bytes, uint8_t noc = 0) {
    ttlemu::rt::fabricSend(connection, source, uint32_t(bytes));
  }
  void send_payload_flush_non_blocking_from_address(uint32_t source, std::size_t bytes, uint8_t noc = 0) {
    ttlemu::rt::fabricSend(connection, source, uint32_t(bytes));
  }
  void send_payload_blocking_from_address(uint32_t source, std::size_t bytes, uint8_t noc = 0) {
    ttlemu::rt::fabricSend(connection, source, uint32_t(bytes));
  }
  void send_payload_non_blocking_from_address(uint32_t source, std::size_t bytes, uint8_t noc = 0) {
    ttlemu::rt::fabricSend(connection, source, uint32_t(bytes));
  }
};

} // namespace tt::tt_fabric
