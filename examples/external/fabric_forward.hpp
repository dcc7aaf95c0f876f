// fabric_forward.hpp - the external C++ of examples/fabric_forward.py: a
// data-movement kernel that owns a TT-Fabric sender connection across three
// opaque calls (the operation's FabricManagerClaim "route": acquire, use,
// release) and forwards one tile through it to the neighbouring chip.
//
// Included by the generated data-movement kernel after
// api/dataflow/dataflow_api.h. Per-core runtime words (the operation's runtime
// resource factory), at their documented zero-based indices:
//   word 0: the input page this core forwards
//   word 1: the output page it lands in on the neighbouring chip
//   words 2..: a FabricConnectionManager's (forward flag, the connection word
//              to the neighbour on the binding's link, backward flag 0)
#pragma once

#include <cstdint>

#include "tt_metal/fabric/hw/inc/edm_fabric/fabric_connection_manager.hpp"
#include "tt_metal/fabric/hw/inc/linear/api.h"

// The connection the claim owns, from route_open to route_close.
inline FabricConnectionManager route_connection;

// Opens the worker-to-router sender on the link the caller's
// FabricConnectionBinding fixed (its runtime words).
inline void route_open() {
  std::size_t arg = 2;
  route_connection = FabricConnectionManager::build_from_args(arg);
  route_connection.open();
}

// Moves this core's page through the connection: reads input page `word 0`
// into the scratch DFB and writes it, one hop away, to output page `word 1`
// of the neighbouring chip. The first 32 bytes of the scratch page after the
// tile hold the packet header (the DFB page is a tile; the header goes in the
// reserved block's second half, see route_forward's DFB effects: 2 tiles).
template <typename Input, typename Output>
inline void route_forward(const Input &input, const Output &output, uint32_t scratch) {
  const uint32_t source_page = get_arg_val<uint32_t>(0);
  const uint32_t destination_page = get_arg_val<uint32_t>(1);
  cb_reserve_back(scratch, 2);
  const uint32_t tile = get_write_ptr(scratch);
  const uint32_t header = tile + input.get_aligned_page_size();
  noc_async_read_page(source_page, input, tile);
  noc_async_read_barrier();
  tt::tt_fabric::linear::experimental::fabric_unicast_noc_unicast_write(
      &route_connection.get_forward_connection(),
      reinterpret_cast<volatile PACKET_HEADER_TYPE *>(header), tile, input.get_aligned_page_size(),
      tt::tt_fabric::NocUnicastCommandHeader{output.get_noc_addr(destination_page)}, 1);
  cb_push_back(scratch, 2);
  cb_wait_front(scratch, 2);
  cb_pop_front(scratch, 2);
}

// Closes the connection (see route_open).
inline void route_close() { route_connection.close(); }
