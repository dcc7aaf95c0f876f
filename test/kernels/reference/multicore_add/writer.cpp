// SPDX-License-Identifier: Apache-2.0
//
// Writer of a multi-core tile-wise add `out = a + b`, written by hand for ttnn 0.81.1 (the shape
// generated data-movement kernels must have). Data movement 1 (NCRISC, ttnn WriterConfig).
//
// Core (x, y) of the 2x2 grid writes its 2x2-tile block of the 4x4-tile tensor `out`
// (interleaved DRAM) from the DFB `out_dfb`, one tile at a time.
//
// ABI (docs/kernel-abi.md):
//   compile-time args   [0] out_dfb index  [1, 2] TensorAccessorArgs of out
//   common runtime args [0] address of out
//   per-core args       none
#include <stdint.h>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
    constexpr uint32_t out_dfb = get_compile_time_arg_val(0);
    constexpr auto out_args = TensorAccessorArgs<1>();
    const auto out = TensorAccessor(out_args, get_common_arg_val<uint32_t>(0));

    constexpr uint32_t tensor_cols = 4;
    constexpr uint32_t block_rows = 2;
    constexpr uint32_t block_cols = 2;
    const uint32_t row0 = get_absolute_logical_y() * block_rows;
    const uint32_t col0 = get_absolute_logical_x() * block_cols;

    for (uint32_t r = 0; r < block_rows; ++r) {
        for (uint32_t c = 0; c < block_cols; ++c) {
            const uint32_t tile = (row0 + r) * tensor_cols + (col0 + c);

            cb_wait_front(out_dfb, 1);
            noc_async_write_page(tile, out, get_read_ptr(out_dfb));
            noc_async_write_barrier();
            cb_pop_front(out_dfb, 1);
        }
    }
}
