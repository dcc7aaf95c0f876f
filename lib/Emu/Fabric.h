//===- Fabric.h - The fabric state of one kernel ----------------*- C++ -*-===//
//
// Internal to lib/Emu: a kernel's sender connections to the fabric of a mesh
// run (Fabric.cpp implements ttlemu/fabric.h against it).
//
//===----------------------------------------------------------------------===//
#ifndef TTL_EMU_FABRIC_H
#define TTL_EMU_FABRIC_H

#include <cstdint>
#include <string>
#include <vector>

namespace ttlemu {

/// One sender connection of a kernel: to the neighbouring chip `destination`
/// over link `link`, open or not, with the buffer slots it has filled since
/// it last observed the router's credits, and a payload staged ahead of its
/// header.
struct FabricConnection {
  uint32_t word = 0;
  uint32_t destination = 0;
  uint32_t link = 0;
  bool open = false;
  bool everOpened = false;
  uint32_t inFlight = 0;
  uint32_t stagedSource = 0, stagedBytes = 0;
  bool staged = false;
};

struct FabricPort {
  std::vector<FabricConnection> connections;
};

/// Checks, when a kernel ends, that it closed every connection it opened.
void fabricKernelEnded();

/// Carries out on chip `chip` (this process's) a packet another process's
/// kernel sent (RemoteChips; encoded by Fabric.cpp), on the run's transport
/// thread.
void deliverRemotePacket(uint32_t chip, const std::string &bytes);

} // namespace ttlemu

#endif // TTL_EMU_FABRIC_H
