//===- Device.cpp - the devices the op model describes --------------------===//
//
// Views of the one target table (ttl/Targets.h, with its sources).
//
//===----------------------------------------------------------------------===//

#include "ttl/OpModel/Device.h"
#include "ttl/OpModel/OpModelErrors.h"
#include "ttl/Targets.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::ttnn::op_model {

static DeviceModel deviceOf(const char *name) {
  return DeviceModel{*ttlang::target::find(name)};
}

const DeviceModel &wormholeB0() {
  static const DeviceModel device = deviceOf("wormhole_b0");
  return device;
}

const DeviceModel &blackhole() {
  static const DeviceModel device = deviceOf("blackhole");
  return device;
}

const DeviceModel *deviceNamed(llvm::StringRef name) {
  for (const DeviceModel *device : {&wormholeB0(), &blackhole()})
    if (device->name == name)
      return device;
  return nullptr;
}

const DeviceModel &defaultDevice() {
  static const DeviceModel &device =
      *deviceNamed(llvm::StringRef(::ttlang::target::kDefaultTarget.data(),
                                   ::ttlang::target::kDefaultTarget.size()));
  return device;
}

namespace {
/// The innermost DeviceScope of this thread (nullptr: none).
thread_local const DeviceModel *scopedDevice = nullptr;
} // namespace

const DeviceModel &currentDevice() {
  return scopedDevice ? *scopedDevice : defaultDevice();
}

bool hasDeviceScope() { return scopedDevice != nullptr; }

llvm::Expected<const DeviceModel *> queryDevice(Operation *op) {
  if (hasDeviceScope())
    return &currentDevice();
  auto module = op->getParentOfType<ModuleOp>();
  Attribute attr = module ? module->getAttr(kDeviceAttrName) : Attribute();
  if (!attr)
    return &defaultDevice();
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
