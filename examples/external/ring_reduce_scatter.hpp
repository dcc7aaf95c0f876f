// ring_reduce_scatter.hpp - the external C++ of examples/mesh_reduce_scatter.py:
// a reduce-scatter over a 1-D ring of N chips through TT-Fabric.
//
// Each chip d holds an input of N chunks (chunk c: pages c * T .. c * T + T - 1,
// T tiles each). In step s = 0 .. N - 2, chip d sends chunk (d - s - 1) mod N
// to the next chip of the ring, into the same pages of its `recv` tensor, and
// adds the chunk (d - s - 2) mod N it received from the previous chip to its
// own: in step 0 it sends its own input's chunk, later the sum it computed in
// the step before. After N - 1 steps chip d holds the sum of chunk d over the
// ring (starting at chip d + 1). Each step's packets are followed by an atomic
// increment of the next chip's semaphore: packets on a link arrive in order,
// so a semaphore at s + 1 means step s's chunk has landed.
//
// Kernels: the reader waits for each step's chunk and feeds it (`recv`) and
// the input's chunk to the compute kernel (a TT-Lang add); the sender sends
// step 0's input chunk, then each sum the compute kernel makes, and writes
// the last step's sums (chunk d) to `out`.
//
// Per-core runtime words (the operation's runtime resource factory):
//   0: the semaphore id     1: this chip's index d     2: N, the chips
//   3..: the sender only: a FabricConnectionManager's words, the forward
//        connection to the next chip: 1, its word
//        (MeshDevice.fabric_connection_word), then 0 (no backward one)
#pragma once

#include <cstdint>

#include "tt_metal/fabric/hw/inc/edm_fabric/fabric_connection_manager.hpp"

namespace rs_detail {
inline uint32_t index() { return get_arg_val<uint32_t>(1); }
inline uint32_t chips() { return get_arg_val<uint32_t>(2); }
// Chunk (d - back) mod N.
inline uint32_t chunk_back(uint32_t back) { return (index() + chips() - back % chips()) % chips(); }
inline uint32_t semaphore_address() { return uint32_t(get_semaphore(get_arg_val<uint32_t>(0))); }
} // namespace rs_detail

// The connection to the next chip, held from rs_open to rs_close (the fabric
// claim's lifetime).
inline FabricConnectionManager rs_connections;

inline void rs_open() {
  std::size_t arg = 3;
  rs_connections = FabricConnectionManager::build_from_args(arg);
  rs_connections.open();
}

inline void rs_close() { rs_connections.close(); }

// Reader: waits until step `step`'s chunk has landed in `recv`.
inline void rs_wait_step(uint32_t step) {
  noc_semaphore_wait_min(reinterpret_cast<volatile uint32_t *>(uintptr_t(rs_detail::semaphore_address())), step + 1);
}

// Reader: tile `tile` of step `step`'s chunk, received and own, into `received`
// and `own` (one tile each).
template <typename Recv, typename Input>
inline void rs_read_tile(const Recv &recv, const Input &input, uint32_t received, uint32_t own,
                         uint32_t step, uint32_t tile, uint32_t tiles) {
  const uint32_t page = rs_detail::chunk_back(step + 2) * tiles + tile;
  cb_reserve_back(received, 1);
  cb_reserve_back(own, 1);
  noc_async_read_page(page, recv, get_write_ptr(received));
  noc_async_read_page(page, input, get_write_ptr(own));
  noc_async_read_barrier();
  cb_push_back(received, 1);
  cb_push_back(own, 1);
}

namespace rs_detail {
// Sends `bytes` at L1 `payload` into page `page` of the next chip's `recv`,
// the packet header at L1 `header`.
template <typename Recv>
inline void send_page(const Recv &recv, uint32_t header, uint32_t payload, uint32_t page, uint32_t bytes) {
  auto *h = reinterpret_cast<volatile PACKET_HEADER_TYPE *>(header);
  h->to_chip_unicast(1);
  h->to_noc_unicast_write(tt::tt_fabric::NocUnicastCommandHeader{recv.get_noc_addr(page)}, bytes);
  auto &sender = rs_connections.get_forward_connection();
  sender.wait_for_empty_write_slot();
  sender.send_payload_without_header_non_blocking_from_address(payload, bytes);
  sender.send_payload_flush_blocking_from_address(header, sizeof(PACKET_HEADER_TYPE));
}
} // namespace rs_detail

// Sender, step 0: tile `tile` of the input's chunk (d - 1) to the next chip
// (through one tile of `scratch`; the header in one tile of `headers`).
template <typename Input, typename Recv>
inline void rs_send_input_tile(const Input &input, const Recv &recv, uint32_t scratch, uint32_t headers,
                               uint32_t tile, uint32_t tiles) {
  const uint32_t page = rs_detail::chunk_back(1) * tiles + tile;
  cb_reserve_back(scratch, 1);
  cb_reserve_back(headers, 1);
  noc_async_read_page(page, input, get_write_ptr(scratch));
  noc_async_read_barrier();
  rs_detail::send_page(recv, get_write_ptr(headers), get_write_ptr(scratch), page,
                       input.get_aligned_page_size());
  cb_push_back(scratch, 1);
  cb_push_back(headers, 1);
  cb_wait_front(scratch, 1);
  cb_wait_front(headers, 1);
  cb_pop_front(scratch, 1);
  cb_pop_front(headers, 1);
}

// Sender, step `step` >= 1: the compute kernel's next sum (one tile of
// `sums`, step - 1's chunk (d - step - 1)) to the next chip.
template <typename Recv>
inline void rs_send_sum_tile(const Recv &recv, uint32_t sums, uint32_t headers, uint32_t step, uint32_t tile,
                             uint32_t tiles) {
  const uint32_t page = rs_detail::chunk_back(step + 1) * tiles + tile;
  cb_wait_front(sums, 1);
  cb_reserve_back(headers, 1);
  rs_detail::send_page(recv, get_write_ptr(headers), get_read_ptr(sums), page, recv.get_aligned_page_size());
  cb_push_back(headers, 1);
  cb_wait_front(headers, 1);
  cb_pop_front(headers, 1);
  cb_pop_front(sums, 1);
}

// Sender: the end of a step: increments the next chip's semaphore.
inline void rs_signal(uint32_t headers) {
  cb_reserve_back(headers, 1);
  const uint32_t header = get_write_ptr(headers);
  auto *h = reinterpret_cast<volatile PACKET_HEADER_TYPE *>(header);
  h->to_chip_unicast(1);
  h->to_noc_unicast_atomic_inc(tt::tt_fabric::NocUnicastAtomicIncCommandHeader{
      get_noc_addr(my_x[0], my_y[0], rs_detail::semaphore_address()), 1});
  auto &sender = rs_connections.get_forward_connection();
  sender.wait_for_empty_write_slot();
  sender.send_payload_flush_blocking_from_address(header, sizeof(PACKET_HEADER_TYPE));
  cb_push_back(headers, 1);
  cb_wait_front(headers, 1);
  cb_pop_front(headers, 1);
}

// Sender, after the last step: the sum of chunk d (one tile of `sums`) into
// page `tile` of `out`.
template <typename Output>
inline void rs_write_tile(const Output &out, uint32_t sums, uint32_t tile) {
  cb_wait_front(sums, 1);
  noc_async_write_page(tile, out, get_read_ptr(sums));
  noc_async_write_barrier();
  cb_pop_front(sums, 1);
}
