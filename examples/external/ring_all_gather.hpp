// ring_all_gather.hpp - the external C++ of examples/mesh_all_gather.py: an
// all-gather over a 1-D line or ring of chips through TT-Fabric.
//
// Every chip writes its input tiles into its own slot of the output (slot d on
// chip d) and multicasts each tile to the same page of every other chip's
// output: on a ring over the forward connection to the N-1 chips after it; on
// a line forward to the chips after it and backward to the chips before it.
// Then it increments a semaphore on every other chip the same way and waits
// until its own has counted the N-1 others: packets on a link arrive in
// order, so every tile has landed by then.
//
// Per-core runtime words (the operation's runtime resource factory):
//   0: the caller semaphore id     1: this chip's index d     2: N, the chips
//   3: 1 on a ring, 0 on a line
//   4..: a FabricConnectionManager's words: forward flag [, forward word],
//        backward flag [, backward word] (MeshDevice.fabric_connection_word)
#pragma once

#include <cstdint>

#include "tt_metal/fabric/hw/inc/edm_fabric/fabric_connection_manager.hpp"

// The connections, held from gather_open to gather_close (the fabric claim's
// lifetime).
inline FabricConnectionManager gather_connections;

// Opens the sender connections (the claim's route_open).
inline void gather_open() {
  std::size_t arg = 4;
  gather_connections = FabricConnectionManager::build_from_args(arg);
  gather_connections.open();
}

namespace gather_detail {
inline uint32_t index() { return get_arg_val<uint32_t>(1); }
inline uint32_t chips() { return get_arg_val<uint32_t>(2); }
inline bool ring() { return get_arg_val<uint32_t>(3) != 0; }
// Chips reached forward / backward from chip d.
inline uint32_t forward_range() { return ring() ? chips() - 1 : chips() - 1 - index(); }
inline uint32_t backward_range() { return ring() ? 0 : index(); }

// Sends the packet whose header is at `header` (payload staged when
// `payload` is nonzero) to `range` chips starting one hop away.
inline void multicast(tt::tt_fabric::WorkerToFabricEdmSender &sender, uint32_t header, uint32_t range,
                      uint32_t payload, uint32_t bytes) {
  auto *h = reinterpret_cast<volatile PACKET_HEADER_TYPE *>(header);
  h->to_chip_multicast(tt::tt_fabric::MulticastRoutingCommandHeader{1, uint8_t(range)});
  sender.wait_for_empty_write_slot();
  if (payload)
    sender.send_payload_without_header_non_blocking_from_address(payload, bytes);
  sender.send_payload_flush_blocking_from_address(header, sizeof(PACKET_HEADER_TYPE));
}

inline void both_ways(uint32_t header, uint32_t payload, uint32_t bytes) {
  if (forward_range())
    multicast(gather_connections.get_forward_connection(), header, forward_range(), payload, bytes);
  if (backward_range())
    multicast(gather_connections.get_backward_connection(), header, backward_range(), payload, bytes);
}
} // namespace gather_detail

// Page `page` of this chip's input: to its slot in the local output and in
// every other chip's (reserve / push / wait / pop one tile of `scratch`, and
// of `headers` for the packet header).
template <typename Input, typename Output>
inline void gather_page(const Input &input, const Output &output, uint32_t scratch, uint32_t headers,
                        uint32_t page, uint32_t pages) {
  using namespace gather_detail;
  cb_reserve_back(scratch, 1);
  cb_reserve_back(headers, 1);
  const uint32_t tile = get_write_ptr(scratch);
  const uint32_t header = get_write_ptr(headers);
  noc_async_read_page(page, input, tile);
  noc_async_read_barrier();
  const uint32_t slot_page = index() * pages + page;
  noc_async_write_page(slot_page, output, tile);
  const uint32_t bytes = input.get_aligned_page_size();
  auto *h = reinterpret_cast<volatile PACKET_HEADER_TYPE *>(header);
  h->to_noc_unicast_write(tt::tt_fabric::NocUnicastCommandHeader{output.get_noc_addr(slot_page)}, bytes);
  both_ways(header, tile, bytes);
  noc_async_write_barrier();
  cb_push_back(scratch, 1);
  cb_push_back(headers, 1);
  cb_wait_front(scratch, 1);
  cb_wait_front(headers, 1);
  cb_pop_front(scratch, 1);
  cb_pop_front(headers, 1);
}

// Signals every other chip, waits for all of theirs, and closes the
// connections (the claim's route_close).
inline void gather_close(uint32_t headers) {
  using namespace gather_detail;
  cb_reserve_back(headers, 1);
  const uint32_t header = get_write_ptr(headers);
  const uint32_t semaphore = get_semaphore(get_arg_val<uint32_t>(0));
  auto *h = reinterpret_cast<volatile PACKET_HEADER_TYPE *>(header);
  h->to_noc_unicast_atomic_inc(
      tt::tt_fabric::NocUnicastAtomicIncCommandHeader{get_noc_addr(my_x[0], my_y[0], semaphore), 1});
  both_ways(header, 0, 0);
  cb_push_back(headers, 1);
  cb_wait_front(headers, 1);
  cb_pop_front(headers, 1);
  noc_semaphore_wait(reinterpret_cast<volatile uint32_t *>(semaphore), chips() - 1);
  gather_connections.close();
}
