// Declarations for test/lit/emitc/unpack_to_dest.mlir (real-header kernel check).
#pragma once
#include <cstdint>

inline void inspect(uint32_t cb) { (void)cb; }
