//===- RingBytes.h - the byte size of a DFB ring -----------------*- C++ -*-===//
//
// One rule, shared by the DFB type's and ttl.reconfigure_dfb's verifiers and
// the passes that size rings: a ring becomes a TT-Metal circular buffer,
// whose total_size is a uint32 byte count.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_DIALECT_TTL_IR_RINGBYTES_H
#define TTL_DIALECT_TTL_IR_RINGBYTES_H

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>

namespace mlir::ttl {
/// The bytes of a DFB ring: `tileBytes` times each of `counts` (positive), or
/// nullopt when that exceeds a TT-Metal circular buffer's 32-bit total_size
/// (so no ring the verifiers accept overflows the arithmetic that sizes it).
inline std::optional<uint64_t> ringBytes(uint64_t tileBytes,
                                         std::initializer_list<uint64_t> counts) {
  uint64_t total = tileBytes;
  for (uint64_t count : counts) {
    if (total > std::numeric_limits<uint32_t>::max() / count)
      return std::nullopt;
    total *= count;
  }
  return total;
}
} // namespace mlir::ttl

#endif // TTL_DIALECT_TTL_IR_RINGBYTES_H
