// The data-movement kernel API of TT-Metal (api/dataflow/dataflow_api.h) as
// the emulated device implements it. Signatures follow ttnn 0.81.1's header;
// every function forwards to the runtime (ttlemu/runtime.h).
#pragma once

#include <cstddef>
#include <cstdint>

#include "api/tensor/tensor_accessor.h"
#include "ttlemu/kernel.h"

#ifndef NOC_INDEX
#define NOC_INDEX 0
#endif
constexpr uint8_t noc_index = NOC_INDEX;
constexpr uint32_t cb_addr_shift = 0;

struct ttlemu_noc_coordinates {
  uint8_t operator[](uint32_t noc) const {
    return uint8_t(isX ? ttlemu::rt::nocX(noc) : ttlemu::rt::nocY(noc));
  }
  bool isX;
};
constexpr ttlemu_noc_coordinates my_x{true};
constexpr ttlemu_noc_coordinates my_y{false};

FORCE_INLINE void cb_reserve_back(int32_t cb, int32_t pages) {
  ttlemu::rt::cbReserveBack(uint32_t(cb), uint32_t(pages));
}
FORCE_INLINE void cb_push_back(int32_t cb, int32_t pages) {
  ttlemu::rt::cbPushBack(uint32_t(cb), uint32_t(pages));
}
FORCE_INLINE void cb_wait_front(int32_t cb, int32_t pages) {
  ttlemu::rt::cbWaitFront(uint32_t(cb), uint32_t(pages));
}
FORCE_INLINE void cb_pop_front(int32_t cb, int32_t pages) {
  ttlemu::rt::cbPopFront(uint32_t(cb), uint32_t(pages));
}
FORCE_INLINE bool cb_pages_reservable_at_back(int32_t cb, int32_t pages) {
  return ttlemu::rt::cbPagesReservable(uint32_t(cb), uint32_t(pages));
}
FORCE_INLINE bool cb_pages_available_at_front(int32_t cb, int32_t pages) {
  return ttlemu::rt::cbPagesAvailable(uint32_t(cb), uint32_t(pages));
}
FORCE_INLINE uint32_t get_write_ptr(uint32_t cb) { return ttlemu::rt::cbWritePtr(cb); }
FORCE_INLINE uint32_t get_read_ptr(uint32_t cb) { return ttlemu::rt::cbReadPtr(cb); }
inline int32_t get_tile_size(int32_t cb) {
  return int32_t(ttlemu::rt::cbTileSize(uint32_t(cb)));
}

// --- NoC addresses ------------------------------------------------------------
inline uint64_t get_noc_addr(uint32_t noc_x, uint32_t noc_y, uint32_t addr,
                             uint8_t noc = noc_index) {
  (void)noc;
  return ttlemu::rt::nocAddress(noc_x, noc_y, addr);
}
inline uint64_t get_noc_addr(uint32_t addr, uint8_t noc = noc_index) {
  (void)noc;
  return ttlemu::rt::localNocAddress(addr);
}
template <typename Accessor>
inline auto get_noc_addr(uint32_t id, const Accessor &accessor,
                         uint32_t offset = 0, uint8_t noc = noc_index)
    -> decltype(accessor.get_noc_addr(id, offset, noc)) {
  return accessor.get_noc_addr(id, offset, noc);
}
inline uint64_t get_noc_multicast_addr(uint32_t x_start, uint32_t y_start,
                                       uint32_t x_end, uint32_t y_end,
                                       uint32_t addr, uint8_t noc = noc_index) {
  (void)noc;
  return (uint64_t(y_start) << 54) | (uint64_t(x_start) << 48) |
         (uint64_t(y_end) << 42) | (uint64_t(x_end) << 36) | addr;
}

// --- NoC transfers --------------------------------------------------------------
inline void noc_async_read(uint64_t src_noc_addr, uint32_t dst_local_l1_addr,
                           uint32_t size, uint8_t noc = noc_index) {
  (void)noc;
  ttlemu::rt::nocRead(src_noc_addr, dst_local_l1_addr, size);
}
inline void noc_async_write(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                            uint32_t size, uint8_t noc = noc_index) {
  (void)noc;
  ttlemu::rt::nocWrite(src_local_l1_addr, dst_noc_addr, size);
}
template <typename Accessor>
inline void noc_async_read_page(uint32_t id, const Accessor &accessor,
                                uint32_t dst_local_l1_addr, uint32_t offset = 0,
                                uint8_t noc = noc_index) {
  (void)noc;
  ttlemu::rt::nocRead(accessor.get_noc_addr(id, offset), dst_local_l1_addr,
                      accessor.get_aligned_page_size());
}
template <typename Accessor>
inline void noc_async_write_page(uint32_t id, const Accessor &accessor,
                                 uint32_t src_local_l1_addr, uint32_t size = 0,
                                 uint32_t offset = 0, uint8_t noc = noc_index) {
  (void)noc;
  ttlemu::rt::nocWrite(src_local_l1_addr, accessor.get_noc_addr(id, offset),
                       size ? size : accessor.get_aligned_page_size());
}
template <typename Accessor>
inline void noc_async_read_tile(uint32_t id, const Accessor &accessor,
                                uint32_t dst_local_l1_addr, uint32_t offset = 0,
                                uint8_t noc = noc_index) {
  noc_async_read_page(id, accessor, dst_local_l1_addr, offset, noc);
}
template <typename Accessor>
inline void noc_async_write_tile(uint32_t id, const Accessor &accessor,
                                 uint32_t src_local_l1_addr,
                                 uint8_t noc = noc_index) {
  noc_async_write_page(id, accessor, src_local_l1_addr, 0, 0, noc);
}
inline void noc_async_write_multicast(uint32_t src_local_l1_addr,
                                      uint64_t dst_noc_addr_multicast,
                                      uint32_t size, uint32_t num_dests,
                                      bool linked = false,
                                      uint8_t noc = noc_index) {
  (void)linked;
  (void)noc;
  ttlemu::rt::nocWriteMulticast(src_local_l1_addr, dst_noc_addr_multicast,
                                size, num_dests, false);
}
inline void noc_async_write_multicast_loopback_src(
    uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast, uint32_t size,
    uint32_t num_dests, bool linked = false, uint8_t noc = noc_index) {
  (void)linked;
  (void)noc;
  ttlemu::rt::nocWriteMulticast(src_local_l1_addr, dst_noc_addr_multicast,
                                size, num_dests, true);
}
inline void noc_async_read_barrier(uint8_t noc = noc_index) {
  (void)noc;
  ttlemu::rt::nocReadBarrier();
}
inline void noc_async_write_barrier(uint8_t noc = noc_index) {
  (void)noc;
  ttlemu::rt::nocWriteBarrier();
}
inline void noc_async_writes_flushed(uint8_t noc = noc_index) {
  (void)noc;
  ttlemu::rt::nocWritesFlushed();
}
inline void noc_async_posted_writes_flushed(uint8_t noc = noc_index) {
  (void)noc;
  ttlemu::rt::nocWritesFlushed();
}
inline void noc_async_atomic_barrier(uint8_t noc = noc_index) {
  (void)noc;
  ttlemu::rt::nocAtomicBarrier();
}
inline void noc_async_full_barrier(uint8_t noc = noc_index) {
  (void)noc;
  ttlemu::rt::nocFullBarrier();
}

// --- Semaphores -------------------------------------------------------------------
enum class ProgrammableCoreType { TENSIX = 0, ACTIVE_ETH = 1, IDLE_ETH = 2 };
template <ProgrammableCoreType type = ProgrammableCoreType::TENSIX>
inline uintptr_t get_semaphore(uint32_t semaphore_id) {
  static_assert(type == ProgrammableCoreType::TENSIX,
                "only Tensix semaphores are emulated");
  return ttlemu::rt::semaphoreAddress(semaphore_id);
}
inline void noc_semaphore_wait(volatile uint32_t *sem_addr, uint32_t val) {
  ttlemu::rt::semaphoreWait(sem_addr, val, false);
}
inline void noc_semaphore_wait_min(volatile uint32_t *sem_addr, uint32_t val) {
  ttlemu::rt::semaphoreWait(sem_addr, val, true);
}
inline void noc_semaphore_set(volatile uint32_t *sem_addr, uint32_t val) {
  ttlemu::rt::semaphoreSet(sem_addr, val);
}
template <bool posted = false>
inline void noc_semaphore_inc(uint64_t addr, uint32_t incr,
                              uint8_t noc_id = noc_index) {
  (void)noc_id;
  ttlemu::rt::semaphoreIncrement(addr, incr);
}
inline void noc_semaphore_set_remote(uint32_t src_local_l1_addr,
                                     uint64_t dst_noc_addr,
                                     uint8_t noc = noc_index) {
  (void)noc;
  ttlemu::rt::semaphoreSetRemote(src_local_l1_addr, dst_noc_addr);
}
inline void noc_semaphore_set_multicast(uint32_t src_local_l1_addr,
                                        uint64_t dst_noc_addr_multicast,
                                        uint32_t num_dests, bool linked = false,
                                        uint8_t noc = noc_index) {
  (void)linked;
  (void)noc;
  ttlemu::rt::semaphoreSetMulticast(src_local_l1_addr, dst_noc_addr_multicast,
                                    num_dests, false);
}
inline void noc_semaphore_set_multicast_loopback_src(
    uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast,
    uint32_t num_dests, bool linked = false, uint8_t noc = noc_index) {
  (void)linked;
  (void)noc;
  ttlemu::rt::semaphoreSetMulticast(src_local_l1_addr, dst_noc_addr_multicast,
                                    num_dests, true);
}
