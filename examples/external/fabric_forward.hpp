// fabric_forward.hpp - the external C++ of examples/fabric_forward.py: a
// data-movement kernel that owns a forwarding connection across three opaque
// calls (the operation's FabricManagerClaim "route": acquire, use, release).
//
// Included by the generated data-movement kernel after
// api/dataflow/dataflow_api.h. Per-core runtime words (the operation's runtime
// resource factory), at their documented zero-based indices:
//   word 0: the input page this core forwards
//   word 1: the output page it lands in (the neighbour's slot)
#pragma once

#include <cstdint>

// Opens the connection. A tt-fabric kernel would open its worker-to-router
// sender on the link the caller's FabricConnectionBinding fixed; with one
// (emulated) device the connection is local and there is nothing to open.
inline void route_open() {}

// Moves this core's page through the connection: reads input page `word 0`
// into the scratch DFB and writes it to output page `word 1`. Its DFB effects
// (reserve, push, wait, pop of one tile) are declared by the call.
template <typename Input, typename Output>
inline void route_forward(const Input &input, const Output &output, uint32_t scratch) {
  const uint32_t source_page = get_arg_val<uint32_t>(0);
  const uint32_t destination_page = get_arg_val<uint32_t>(1);
  cb_reserve_back(scratch, 1);
  noc_async_read_page(source_page, input, get_write_ptr(scratch));
  noc_async_read_barrier();
  cb_push_back(scratch, 1);
  cb_wait_front(scratch, 1);
  noc_async_write_page(destination_page, output, get_read_ptr(scratch));
  noc_async_write_barrier();
  cb_pop_front(scratch, 1);
}

// Closes the connection (see route_open).
inline void route_close() {}
