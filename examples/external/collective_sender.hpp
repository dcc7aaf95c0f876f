// collective_sender.hpp - the external C++ function of the runtime-resources
// collective (examples/runtime_collective.py, the spec's make_collective).
//
// Included by the generated data-movement kernel after api/dataflow/dataflow_api.h.
// Its per-core runtime words are the caller's (the operation's runtime resource
// factory), read at their documented zero-based indices:
//   word 0: the caller semaphore id (first_free_semaphore_id)
//   word 1: this core's slot in the collective (0 on core (0, 0), 1 on (1, 0))
// FABRIC_2D (a JIT definition from the factory) selects 2-D fabric routing.
#pragma once

#include <cstdint>

#if defined(FABRIC_2D) && FABRIC_2D
constexpr uint32_t kRouting = 0x200; // 2-D fabric routing
#else
constexpr uint32_t kRouting = 0x100; // 1-D fabric routing
#endif

// Posts this core's slot into its tile of the output and marks the caller
// semaphore with it, so the receiving side can tell which slots have arrived.
template <typename InputAccessor, typename OutputAccessor>
inline void collective_sender(const InputAccessor &input, const OutputAccessor &output) {
  (void)input;
  const uint32_t semaphore_id = get_arg_val<uint32_t>(0);
  const uint32_t slot = get_arg_val<uint32_t>(1);
  const uint32_t semaphore_address = get_semaphore(semaphore_id);
  auto *semaphore = reinterpret_cast<volatile tt_l1_ptr uint32_t *>(semaphore_address);
  noc_semaphore_set(semaphore, kRouting | slot);
  noc_async_write(semaphore_address, output.get_noc_addr(slot), sizeof(uint32_t));
  noc_async_write_barrier();
}
