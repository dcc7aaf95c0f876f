// SPDX-License-Identifier: Apache-2.0
//
// Deliberately broken compute kernel (test of the real-header check): it uses the init calls of
// older tt-metal releases, `binary_op_init_common` and `add_tiles_init`, which ttnn 0.81.1 does
// not declare (its kernels use compute_kernel_hw_startup and binary_tiles_init).
#include <stdint.h>

#include "api/compute/eltwise_binary.h"
#include "api/compute/pack.h"
#include "api/compute/reg_api.h"

void kernel_main() {
    binary_op_init_common(0, 1, 16);
    add_tiles_init(0, 1);
    tile_regs_acquire();
    add_tiles(0, 1, 0, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, 16);
    tile_regs_release();
}
