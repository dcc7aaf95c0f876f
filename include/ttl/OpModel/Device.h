//===- Device.h - the devices the op model describes ------------*- C++ -*-===//

#ifndef TTL_OPMODEL_DEVICE_H
#define TTL_OPMODEL_DEVICE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace mlir::ttnn::op_model {

/// The facts of one chip the analytical backend and the mock allocator need.
/// Sources are in docs/op-model.md.
struct DeviceModel {
  llvm::StringRef name;
  int64_t gridRows;
  int64_t gridCols;
  /// L1 banks: one per worker core.
  int64_t numL1Banks;
  int64_t numDramBanks;
  /// Bytes of L1 per core and the first byte above the firmware-reserved region.
  uint64_t l1BankSize;
  uint64_t l1UnreservedBase;
  uint64_t l1Alignment;
  uint64_t dramBankSize;
  uint64_t dramAlignment;
  /// Roofline constants (getOpRuntime).
  double clockGHz;
  double dramBytesPerNs;
  double nocBytesPerCycle;
  double launchOverheadNs;

  int64_t numCores() const { return gridRows * gridCols; }
  /// L1 per core an op may use: everything above the reserved region.
  uint64_t usableL1() const { return l1BankSize - l1UnreservedBase; }
};

const DeviceModel &wormholeB0();
const DeviceModel &blackhole();

/// The device the op model answers for, like tt-mlir's singleton device
/// context: a Wormhole n300 (8x8 workers), the chip the reference values were
/// measured on.
const DeviceModel &currentDevice();

} // namespace mlir::ttnn::op_model

#endif // TTL_OPMODEL_DEVICE_H
