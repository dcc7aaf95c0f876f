// SPDX-License-Identifier: Apache-2.0
//
// Compute kernel of a multi-core tile-wise add `out = a + b`, written by hand for ttnn 0.81.1
// (the shape generated compute kernels must have). Runs on TRISC 0/1/2 (unpack, math, pack).
//
// Each core adds its 4 tiles one at a time: wait for one tile of `a_dfb` and `b_dfb`, add them
// into destination register 0 on the FPU, pack the result into `out_dfb`.
//
// ABI (docs/kernel-abi.md):
//   compile-time args   [0] a_dfb index  [1] b_dfb index  [2] out_dfb index
//   common runtime args none
//   per-core args       none
#include <stdint.h>

#include "api/compute/cb_api.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/reg_api.h"
#include "api/compute/pack.h"

void kernel_main() {
    constexpr uint32_t a_dfb = get_compile_time_arg_val(0);
    constexpr uint32_t b_dfb = get_compile_time_arg_val(1);
    constexpr uint32_t out_dfb = get_compile_time_arg_val(2);
    constexpr uint32_t tiles_per_core = 4;

    compute_kernel_hw_startup(a_dfb, b_dfb, out_dfb);
    binary_tiles_init<true, EltwiseBinaryType::ELWADD>(a_dfb, b_dfb);

    for (uint32_t i = 0; i < tiles_per_core; ++i) {
        cb_wait_front(a_dfb, 1);
        cb_wait_front(b_dfb, 1);
        cb_reserve_back(out_dfb, 1);

        tile_regs_acquire();
        add_tiles(a_dfb, b_dfb, 0, 0, 0);
        tile_regs_commit();

        tile_regs_wait();
        pack_tile(0, out_dfb);
        tile_regs_release();

        cb_push_back(out_dfb, 1);
        cb_pop_front(a_dfb, 1);
        cb_pop_front(b_dfb, 1);
    }
}
