// Circular buffers from a compute kernel (api/compute/cb_api.h): waits and
// pops are the unpacker's, reserves and pushes the packer's, each with its
// own counters (emulator-facts.md section 2).
#pragma once

#include "api/compute/common.h"

ALWI void cb_wait_front(uint32_t cbid, uint32_t ntiles) { ttlemu::rt::cbWaitFront(cbid, ntiles); }
ALWI void cb_pop_front(uint32_t cbid, uint32_t ntiles) { ttlemu::rt::cbPopFront(cbid, ntiles); }
ALWI void cb_reserve_back(uint32_t cbid, uint32_t ntiles) { ttlemu::rt::cbReserveBack(cbid, ntiles); }
ALWI void cb_push_back(uint32_t cbid, uint32_t ntiles) { ttlemu::rt::cbPushBack(cbid, ntiles); }
ALWI bool cb_pages_available_at_front(uint32_t cbid, uint32_t ntiles) {
  return ttlemu::rt::cbPagesAvailable(cbid, ntiles);
}
ALWI bool cb_pages_reservable_at_back(uint32_t cbid, uint32_t ntiles) {
  return ttlemu::rt::cbPagesReservable(cbid, ntiles);
}
