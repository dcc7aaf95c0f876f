// ttlemu/kernel.h - what every TT-Metal kernel sees, data movement and compute
// alike: core coordinates, runtime arguments and its circular-buffer state.
#pragma once

#include <cstdint>

#include "api/compile_time_args.h"
#include "ttlemu/runtime.h"

namespace ttlemu {
template <typename T>
inline T asArgument(uint32_t word) {
  static_assert(sizeof(T) == 4, "runtime arguments are 32-bit words");
  T value;
  __builtin_memcpy(&value, &word, 4);
  return value;
}
} // namespace ttlemu

inline uint8_t get_absolute_logical_x() { return uint8_t(ttlemu::rt::logicalX()); }
inline uint8_t get_absolute_logical_y() { return uint8_t(ttlemu::rt::logicalY()); }
inline uint8_t get_relative_logical_x() { return uint8_t(ttlemu::rt::logicalX()); }
inline uint8_t get_relative_logical_y() { return uint8_t(ttlemu::rt::logicalY()); }

template <typename T>
FORCE_INLINE T get_arg_val(int index) {
  return ttlemu::asArgument<T>(ttlemu::rt::arg(uint32_t(index)));
}
template <typename T>
FORCE_INLINE T get_common_arg_val(int index) {
  return ttlemu::asArgument<T>(ttlemu::rt::commonArg(uint32_t(index)));
}

inline LocalCBInterface &get_local_cb_interface(uint32_t cb) {
  return ttlemu::rt::localCb(cb);
}
