// DEST section hand-over between MATH and PACK (api/compute/reg_api.h).
#pragma once

#include "api/compute/common.h"

ALWI void tile_regs_acquire() { ttlemu::rt::tileRegsAcquire(); }
ALWI void tile_regs_commit() { ttlemu::rt::tileRegsCommit(); }
ALWI void tile_regs_wait() { ttlemu::rt::tileRegsWait(); }
ALWI void tile_regs_release() { ttlemu::rt::tileRegsRelease(); }
ALWI void acquire_dst() { ttlemu::rt::tileRegsAcquire(); }
ALWI void release_dst() {
  ttlemu::rt::tileRegsCommit();
  ttlemu::rt::tileRegsWait();
  ttlemu::rt::tileRegsRelease();
}
