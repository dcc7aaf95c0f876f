// SPDX-License-Identifier: Apache-2.0
//
// Reader of a multi-core tile-wise add `out = a + b`, written by hand for ttnn 0.81.1 (the shape
// generated data-movement kernels must have). Data movement 0 (BRISC, ttnn ReaderConfig).
//
// The tensors are 4x4 tiles of bf16 in interleaved DRAM; the grid is 2x2 cores and core (x, y)
// reads the 2x2-tile block at tile row 2*y, tile column 2*x, one tile at a time, into the DFBs
// `a_dfb` and `b_dfb` (1 tile per block, 2 blocks).
//
// ABI (docs/kernel-abi.md):
//   compile-time args   [0] a_dfb index  [1] b_dfb index
//                       [2, 3] TensorAccessorArgs of a  [4, 5] TensorAccessorArgs of b
//   common runtime args [0] address of a  [1] address of b
//   per-core args       none (the core coordinate comes from the firmware)
#include <stdint.h>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
    constexpr uint32_t a_dfb = get_compile_time_arg_val(0);
    constexpr uint32_t b_dfb = get_compile_time_arg_val(1);
    constexpr auto a_args = TensorAccessorArgs<2>();
    constexpr auto b_args = TensorAccessorArgs<a_args.next_compile_time_args_offset()>();
    const auto a = TensorAccessor(a_args, get_common_arg_val<uint32_t>(0));
    const auto b = TensorAccessor(b_args, get_common_arg_val<uint32_t>(1));

    constexpr uint32_t tensor_cols = 4;
    constexpr uint32_t block_rows = 2;
    constexpr uint32_t block_cols = 2;
    const uint32_t row0 = get_absolute_logical_y() * block_rows;
    const uint32_t col0 = get_absolute_logical_x() * block_cols;

    for (uint32_t r = 0; r < block_rows; ++r) {
        for (uint32_t c = 0; c < block_cols; ++c) {
            const uint32_t tile = (row0 + r) * tensor_cols + (col0 + c);

            cb_reserve_back(a_dfb, 1);
            noc_async_read_page(tile, a, get_write_ptr(a_dfb));
            noc_async_read_barrier();
            cb_push_back(a_dfb, 1);

            cb_reserve_back(b_dfb, 1);
            noc_async_read_page(tile, b, get_write_ptr(b_dfb));
            noc_async_read_barrier();
            cb_push_back(b_dfb, 1);
        }
    }
}
