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
/// The bytes of a DFB ring: `tileBytes` times each of `counts` (tile rows and
/// columns, blocks), or nullopt when that exceeds a TT-Metal circular buffer's
/// 32-bit total_size (so no ring the verifiers accept overflows the
/// arithmetic that sizes it). A count below 1 (rejected by the verifiers on
/// their own terms) makes an empty ring.
inline std::optional<uint64_t> ringBytes(uint64_t tileBytes,
                                         std::initializer_list<int64_t> counts) {
  uint64_t total = tileBytes;
  for (int64_t count : counts) {
    if (count < 1)
      return 0;
    if (total > std::numeric_limits<uint32_t>::max() / uint64_t(count))
      return std::nullopt;
    total *= uint64_t(count);
  }
  return total;
}
} // namespace mlir::ttl

#endif // TTL_DIALECT_TTL_IR_RINGBYTES_H
