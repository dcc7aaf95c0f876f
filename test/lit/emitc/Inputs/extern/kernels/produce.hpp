// A producer for test/lit/emitc/reconfigure_dfb_extern_producer.mlir (real-header kernel
// check): one block reserved and pushed on the DFB, as its call's effects say.
#pragma once
#include <cstdint>

inline void produce(uint32_t dfb) {
  cb_reserve_back(dfb, 1);
  cb_push_back(dfb, 1);
}
