// Declarations for test/lit/emitc/extern_calls.mlir (real-header kernel check).
#pragma once
#include <cstdint>

inline void compute_entry(uint32_t buffer_address) { (void)buffer_address; }
