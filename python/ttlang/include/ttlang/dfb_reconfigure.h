// Device side of synchronized DFB reconfiguration (docs/runtime-resources.md).
//
// A generated kernel includes this header (from the absolute include path the
// runtime gives its KernelDescriptor) when it reconfigures a DFB. The DFB's
// allocation holds its initial ring and then one ring per configuration, back
// to back; a configuration's byte offset from the DFB's base arrives as a
// compiler-owned per-core runtime argument.
//
// Stateless on purpose: the current ring's start is fifo_limit - fifo_size,
// and the caller passes the current ring's offset, so the base needs no
// variable (a C++17 inline variable is one object per process under
// STB_GNU_UNIQUE, shared by every kernel of an emulated device).
#pragma once

#include <cstdint>

namespace ttl {

/// At kernel start: the firmware configured the DFB's circular buffer as its
/// whole allocation (every ring); narrow it to the initial ring of `pages`
/// pages of `page_bytes` at the base, where the read and write pointers are.
inline void configure_initial_dfb(uint32_t cb, uint32_t pages,
                                  uint32_t page_bytes) {
  LocalCBInterface &dfb = get_local_cb_interface(cb);
  uint32_t base = dfb.fifo_limit - dfb.fifo_size;
  uint32_t size = (pages * page_bytes) >> cb_addr_shift;
  dfb.fifo_size = size;
  dfb.fifo_limit = base + size;
  dfb.fifo_num_pages = pages;
}

/// Moves DFB `cb` from its ring at byte offset `from_offset` to the ring at
/// `to_offset` (both from the DFB's base), holding `pages` pages of
/// `page_bytes`. The occupancy counts stay as they are, so blocks still in
/// flight in the old ring are consumed from there first (a producer that
/// shrinks the ring first waits until no more than `pages` are in flight).
inline void reconfigure_dfb(uint32_t cb, uint32_t from_offset,
                            uint32_t to_offset, uint32_t pages,
                            uint32_t page_bytes) {
  LocalCBInterface &dfb = get_local_cb_interface(cb);
  uint32_t base =
      dfb.fifo_limit - dfb.fifo_size - (from_offset >> cb_addr_shift);
  uint32_t start = base + (to_offset >> cb_addr_shift);
  uint32_t size = (pages * page_bytes) >> cb_addr_shift;
  dfb.fifo_size = size;
  dfb.fifo_limit = start + size;
  dfb.fifo_page_size = page_bytes >> cb_addr_shift;
  dfb.fifo_num_pages = pages;
  dfb.fifo_rd_ptr = start;
  dfb.fifo_wr_ptr = start;
}
} // namespace ttl
