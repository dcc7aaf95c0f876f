// The emulated FabricConnectionManager (TT-Metal's
// tt_metal/fabric/hw/inc/edm_fabric/fabric_connection_manager.hpp): a forward
// and a backward sender connection, each present when its flag word is
// nonzero, read from the kernel's runtime words in that order (flag, then the
// sender's word).
#pragma once

#include "tt_metal/fabric/hw/inc/edm_fabric/edm_fabric_worker_adapters.hpp"

class FabricConnectionManager final {
public:
  enum BuildFromArgsMode : uint8_t { BUILD_ONLY, BUILD_AND_OPEN_CONNECTION, BUILD_AND_OPEN_CONNECTION_START_ONLY };

  template <BuildFromArgsMode build_mode = BuildFromArgsMode::BUILD_ONLY>
  static FabricConnectionManager build_from_args(std::size_t &arg_idx) {
    FabricConnectionManager manager;
    if (get_arg_val<uint32_t>(arg_idx++) != 0) {
      manager.flags |= kForward;
      manager.forward = tt::tt_fabric::WorkerToFabricEdmSender::build_from_args(arg_idx);
    }
    if (get_arg_val<uint32_t>(arg_idx++) != 0) {
      manager.flags |= kBackward;
      manager.backward = tt::tt_fabric::WorkerToFabricEdmSender::build_from_args(arg_idx);
    }
    if constexpr (build_mode != BuildFromArgsMode::BUILD_ONLY)
      manager.open();
    return manager;
  }

  bool is_logically_connected() const { return flags != 0; }
  bool has_forward_connection() const { return flags & kForward; }
  bool has_backward_connection() const { return flags & kBackward; }
  template <bool SEND_CREDIT_ADDR = false> void open() {
    if (has_forward_connection()) forward.open();
    if (has_backward_connection()) backward.open();
  }
  void open_finish() {}
  void close_start() {
    if (has_forward_connection()) forward.close();
    if (has_backward_connection()) backward.close();
  }
  void close_finish() {}
  void close() { close_start(); }
  tt::tt_fabric::WorkerToFabricEdmSender &get_forward_connection() { return forward; }
  tt::tt_fabric::WorkerToFabricEdmSender &get_backward_connection() { return backward; }

private:
  static constexpr uint8_t kForward = 1, kBackward = 2;
  tt::tt_fabric::WorkerToFabricEdmSender forward, backward;
  uint8_t flags = 0;
};
