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

const DeviceModel &currentDevice() { return wormholeB0(); }

} // namespace mlir::ttnn::op_model
