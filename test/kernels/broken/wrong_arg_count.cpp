// SPDX-License-Identifier: Apache-2.0
//
// Deliberately broken reader (test of the real-header check): `noc_async_read` takes the source
// NoC address, the destination L1 address and a size; this call forgets the size.
#include <stdint.h>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
    constexpr uint32_t dfb = get_compile_time_arg_val(0);
    const uint64_t src = get_noc_addr(1, 2, get_common_arg_val<uint32_t>(0));
    cb_reserve_back(dfb, 1);
    noc_async_read(src, get_write_ptr(dfb));
    noc_async_read_barrier();
    cb_push_back(dfb, 1);
}
