// The emulated 1-D fabric helpers (TT-Metal's tt_metal/fabric/hw/inc/linear/
// api.h): a NoC unicast write or atomic increment on the chip `num_hops`
// away along the sender's connection, as the real ones build their header
// and send it.
#pragma once

#include "tt_metal/fabric/hw/inc/edm_fabric/edm_fabric_worker_adapters.hpp"

namespace tt::tt_fabric::linear::experimental {

template <typename FabricSenderType>
inline void fabric_unicast_noc_unicast_write(FabricSenderType *client_interface,
                                             volatile PACKET_HEADER_TYPE *packet_header,
                                             uint32_t src_addr, uint32_t size,
                                             tt::tt_fabric::NocUnicastCommandHeader command,
                                             uint8_t num_hops) {
  packet_header->to_chip_unicast(num_hops);
  packet_header->to_noc_unicast_write(command, size);
  client_interface->wait_for_empty_write_slot();
  client_interface->send_payload_without_header_non_blocking_from_address(src_addr, size);
  client_interface->send_payload_flush_non_blocking_from_address(
      uint32_t(reinterpret_cast<uintptr_t>(packet_header)), sizeof(PACKET_HEADER_TYPE));
}

template <typename FabricSenderType>
inline void fabric_unicast_noc_unicast_atomic_inc(FabricSenderType *client_interface,
                                                  volatile PACKET_HEADER_TYPE *packet_header,
                                                  tt::tt_fabric::NocUnicastAtomicIncCommandHeader command,
                                                  uint8_t num_hops) {
  packet_header->to_chip_unicast(num_hops);
  packet_header->to_noc_unicast_atomic_inc(command);
  client_interface->wait_for_empty_write_slot();
  client_interface->send_payload_flush_non_blocking_from_address(
      uint32_t(reinterpret_cast<uintptr_t>(packet_header)), sizeof(PACKET_HEADER_TYPE));
}

} // namespace tt::tt_fabric::linear::experimental
