//===- Device.h - the devices the op model describes ------------*- C++ -*-===//

#ifndef TTL_OPMODEL_DEVICE_H
#define TTL_OPMODEL_DEVICE_H

#include "ttl/Targets.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::ttnn::op_model {

/// The facts of one chip the analytical model and the mock allocator need:
/// a view of its row of the one target table (ttl/Targets.h, with the
/// sources), under the table's names, plus what the op model derives.
struct DeviceModel : ::ttlang::target::Facts {
  int64_t numCores() const { return gridRows * gridCols; }
  /// L1 per core an op may use: everything above the reserved region.
  uint64_t usableL1() const { return l1Bytes - l1ReservedBytes; }
  /// The L1 per core ttnn's own budgets see with nothing else in L1: above
  /// the allocator's base (get_max_l1_space without occupied L1).
  uint64_t l1AboveAllocatorBase() const { return l1Bytes - l1AllocatorBase; }
};

const DeviceModel &wormholeB0();
/// The device answered for when none is named (ttl/Targets.h's default target).
const DeviceModel &defaultDevice();
const DeviceModel &blackhole();

/// The device a query answers for, by its name (`wormhole_b0`, `blackhole`),
/// or nullptr.
const DeviceModel *deviceNamed(llvm::StringRef name);

/// The module attribute that selects the device of every query on the
/// module's ops: `ttnn.device = "blackhole"`; absent, Wormhole.
constexpr llvm::StringLiteral kDeviceAttrName = "ttnn.device";

/// The device of the query being answered on this thread: the innermost
/// DeviceScope's, Wormhole (the chip the reference values were measured on)
/// outside any scope. Every rule that needs a device fact reads it here.
const DeviceModel &currentDevice();

/// Whether a DeviceScope is active on this thread (an explicit choice by the
/// caller, which the module attribute does not override).
bool hasDeviceScope();

/// The device of a query on `op`: the caller's DeviceScope when one is
/// active, else the enclosing module's `ttnn.device`, else Wormhole. A
/// `ttnn.device` that names no device is a backend error.
llvm::Expected<const DeviceModel *> queryDevice(Operation *op);

/// Selects the device of the queries made on this thread while it lives.
/// The op-model dispatch opens one per query (the module's device or the
/// caller's); query entry points (a pass option, the Python `device=`
/// argument) open one around their queries. Scopes nest.
class DeviceScope {
public:
  explicit DeviceScope(const DeviceModel &device);
  ~DeviceScope();
  DeviceScope(const DeviceScope &) = delete;
  DeviceScope &operator=(const DeviceScope &) = delete;

private:
  const DeviceModel *previous;
};

} // namespace mlir::ttnn::op_model

#endif // TTL_OPMODEL_DEVICE_H
