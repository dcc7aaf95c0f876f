//===- Device.cpp - the devices the op model describes --------------------===//
//
// Wormhole numbers are ttnn 0.81.1's mock Wormhole device (docs/ttnn.md:
// 8x8 workers, L1 alignment 16, DRAM alignment 32, 1,463,968 B unreserved of
// the 1,499,136 B L1) and the reference table's n300 (64 L1 banks, 12 DRAM
// banks). Blackhole: 13x10 workers and 1.5 MiB L1 are Blackhole's published
// figures; its reserved region is assumed equal to Wormhole's. Roofline
// constants are nominal datasheet rates, see docs/op-model.md.
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/Device.h"
#include "ttl/OpModel/OpModelErrors.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::ttnn::op_model {

const DeviceModel &wormholeB0() {
  static const DeviceModel device{
      /*name=*/"wormhole_b0",
      /*gridRows=*/8,
      /*gridCols=*/8,
      /*numL1Banks=*/64,
      /*numDramBanks=*/12,
      /*l1BankSize=*/1499136,
      /*l1UnreservedBase=*/1499136 - 1463968,
      /*l1Alignment=*/16,
      /*dramBankSize=*/uint64_t(1) << 30,
      /*dramAlignment=*/32,
      /*clockGHz=*/1.0,
      /*dramBytesPerNs=*/288.0,
      /*nocBytesPerCycle=*/32.0,
      /*launchOverheadNs=*/2000.0};
  return device;
}

const DeviceModel &blackhole() {
  static const DeviceModel device{
      /*name=*/"blackhole",
      /*gridRows=*/10,
      /*gridCols=*/13,
      /*numL1Banks=*/130,
      /*numDramBanks=*/8,
      /*l1BankSize=*/1572864,
      /*l1UnreservedBase=*/1499136 - 1463968,
      /*l1Alignment=*/16,
      /*dramBankSize=*/uint64_t(4) << 30,
      /*dramAlignment=*/64,
      /*clockGHz=*/1.35,
      /*dramBytesPerNs=*/512.0,
      /*nocBytesPerCycle=*/64.0,
      /*launchOverheadNs=*/2000.0};
  return device;
}

const DeviceModel *deviceNamed(llvm::StringRef name) {
  for (const DeviceModel *device : {&wormholeB0(), &blackhole()})
    if (device->name == name)
      return device;
  return nullptr;
}

namespace {
/// The innermost DeviceScope of this thread (nullptr: none).
thread_local const DeviceModel *scopedDevice = nullptr;
} // namespace

const DeviceModel &currentDevice() {
  return scopedDevice ? *scopedDevice : wormholeB0();
}

bool hasDeviceScope() { return scopedDevice != nullptr; }

llvm::Expected<const DeviceModel *> queryDevice(Operation *op) {
  if (hasDeviceScope())
    return &currentDevice();
  auto module = op->getParentOfType<ModuleOp>();
  Attribute attr = module ? module->getAttr(kDeviceAttrName) : Attribute();
  if (!attr)
    return &wormholeB0();
  auto name = dyn_cast<StringAttr>(attr);
  if (const DeviceModel *device = name ? deviceNamed(name.getValue()) : nullptr)
    return device;
  return backendError(llvm::Twine(kDeviceAttrName) +
                      " must be \"wormhole_b0\" or \"blackhole\"");
}

DeviceScope::DeviceScope(const DeviceModel &device) : previous(scopedDevice) {
  scopedDevice = &device;
}
DeviceScope::~DeviceScope() { scopedDevice = previous; }

} // namespace mlir::ttnn::op_model
