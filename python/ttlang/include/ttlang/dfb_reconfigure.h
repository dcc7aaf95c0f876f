// Device side of synchronized DFB reconfiguration (docs/runtime-resources.md).
//
// A generated kernel includes this header (from the absolute include path the
// runtime gives its KernelDescriptor) when it reconfigures a DFB. The DFB's
// allocation holds its initial ring and then one ring per configuration, back
// to back; a configuration's byte offset from the DFB's base arrives as a
// compiler-owned per-core runtime argument.
#pragma once

#include <cstdint>

namespace ttl {
namespace detail {
// The DFB's base as the firmware set it up, captured at its first
// reconfiguration (in address units: bytes, or 16 B on the compute cores).
inline uint32_t dfb_base[64];
inline bool dfb_base_known[64];
} // namespace detail

/// Moves DFB `cb` to the ring at byte offset `offset` from its base, holding
/// `pages` pages of `page_bytes`. The occupancy counts stay as they are, so
/// blocks still in flight in the old ring are consumed from there first.
inline void reconfigure_dfb(uint32_t cb, uint32_t offset, uint32_t pages,
                            uint32_t page_bytes) {
  LocalCBInterface &dfb = get_local_cb_interface(cb);
  if (!detail::dfb_base_known[cb]) {
    detail::dfb_base[cb] = dfb.fifo_limit - dfb.fifo_size;
    detail::dfb_base_known[cb] = true;
  }
  uint32_t start = detail::dfb_base[cb] + (offset >> cb_addr_shift);
  uint32_t size = (pages * page_bytes) >> cb_addr_shift;
  dfb.fifo_size = size;
  dfb.fifo_limit = start + size;
  dfb.fifo_page_size = page_bytes >> cb_addr_shift;
  dfb.fifo_num_pages = pages;
  dfb.fifo_rd_ptr = start;
  dfb.fifo_wr_ptr = start;
}
} // namespace ttl
