// Declarations for test/lit/emitc/extern_calls.mlir (real-header kernel check).
#pragma once
#include <cstdint>

template <int64_t A, int64_t B, bool Flag, uint32_t Bits, uint32_t SourceId, typename Destination,
          typename Accessor>
inline void stage(uint32_t source, const Accessor &accessor, int32_t count) {
  static_assert(Destination::index == 3 && Destination::page_size == 4096, "descriptor fields");
  static_assert(SourceId == 7 && Bits == 0xBF800000u && Flag && A > B, "template values");
  (void)accessor;
  for (int32_t i = 0; i < count; ++i) {
    cb_wait_front(source, 1);
    cb_pop_front(source, 1);
  }
}
