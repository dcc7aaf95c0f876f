// SPDX-License-Identifier: Apache-2.0
//
// Deliberately broken compute kernel (test of the real-header check): it uses the pre-0.81
// `namespace NAMESPACE { void MAIN }` entry point, which parses against the ttnn 0.81.1 headers
// but leaves `kernel_main` undefined, so the kernel would not link.
#include <stdint.h>

#include "api/compute/eltwise_binary.h"

namespace NAMESPACE {
void MAIN {
    binary_tiles_init<true, EltwiseBinaryType::ELWADD>(0, 1);
}
}  // namespace NAMESPACE
