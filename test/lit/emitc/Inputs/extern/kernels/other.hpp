// Declarations for test/lit/emitc/extern_calls.mlir (real-header kernel check).
#pragma once
#include <cstdint>

inline int32_t other() { return 0; }
