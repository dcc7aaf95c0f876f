// ttlang_examples.hpp - the external C++ functions of examples/external_functions.py.
//
// Included by the generated kernels after their TT-Metal API header
// (api/compute/cb_api.h or api/dataflow/dataflow_api.h), so the circular-buffer
// calls below exist in every processor build. Each function does exactly what
// the dfb_effects of its call in the example declare.
#pragma once

#include <cstdint>


// A compute-kernel entry that receives a tensor's raw buffer address.
inline void compute_entry(uint32_t buffer_address) { (void)buffer_address; }

// Runs in every kernel that selects it.
inline void shared_entry() {}

// Scalar results: zero is false, nonzero true.
inline int64_t is_enabled() { return 1; }
inline void execute_enabled_work() {}

// Receives a base tensor as its TensorAccessor (data-movement kernels only).
template <typename Accessor>
inline void reader_entry(const Accessor &accessor) { (void)accessor; }

// Evaluations of one dispatch condition: the same truth value in the producer
// and the consumer kernel for a dispatch and core.
inline int64_t evaluate_for_producer() { return 1; }
inline int64_t evaluate_for_consumer() { return 1; }

// Typed allocation metadata of two DFBs; no dfb_effects are declared, so the
// compiler treats both as opaque for the whole call.
template <typename Source, typename Destination, int32_t Count, bool Flag>
inline void external_copy() {
  static_assert(Source::page_size == Destination::page_size,
                "source and destination tiles have one size");
  static_assert(Count > 0, "a positive tile count");
  (void)Flag;
}

// dfb_effects: wait(source, 2), pop(source, 2), reserve(destination, 1),
// push(destination, 1), in this order.
template <uint32_t SourceId, uint32_t DestinationId>
inline void external_stage(uint32_t source) {
  static_assert(SourceId != DestinationId, "two distinct buffers");
  cb_wait_front(source, 2);
  cb_pop_front(source, 2);
  cb_reserve_back(DestinationId, 1);
  cb_push_back(DestinationId, 1);
}

// dfb_effects: repeat(3, [wait(source, 2), pop(source, 2)]).
inline void drain(uint32_t source) {
  for (int transaction = 0; transaction < 3; ++transaction) {
    cb_wait_front(source, 2);
    cb_pop_front(source, 2);
  }
}
