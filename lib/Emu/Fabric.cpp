//===- Fabric.cpp - TT-Fabric between the chips of a mesh run ---------------===//
//
// The runtime of the emulated fabric kernel API (ttlemu/fabric.h). A mesh run
// (Device::runMesh) holds every chip's kernels; a kernel opens a sender
// connection to a neighbouring chip over one of its links (a runtime word the
// host made, checked against the mesh's FabricSpec), and each packet it sends
// is routed from chip to chip over existing links (1-D hops along the
// connection's direction, a 1-D multicast range, or 2-D dimension-order to a
// destination chip) and carried out on its destination(s): a NoC write of its
// payload, or an atomic increment. Delivery happens when the packet is sent,
// one legal execution: the router forwards in order per link, and a receiver
// that waits on a semaphore the packet increments sees it afterwards.
//
// A mesh spread over processes (RemoteChips) has chips this process does not
// hold: a packet for one is encoded (sendRemote) and queued for the run's
// transport thread, and packets from other processes land through
// deliverRemotePacket.
//
// Flow control: a link has FabricSpec::slots buffer slots per sender; a sender
// fills one per packet and gets them back only by observing the router's
// credits (wait_for_empty_write_slot / get_num_free_write_slots). Sending into
// a full buffer, sending on a connection that is not open, and ending a kernel
// with a connection still open are kernel errors naming kernel, core and
// device (docs/emulator.md, "Meshes and fabric").
//
//===----------------------------------------------------------------------===//

#include "Fabric.h"
#include "Runtime.h"
#include "ttlemu/fabric.h"

#include <cstdlib>
#include <cstring>

namespace ttlemu {

// Connection words: this bit, the link index at bit 16, the destination chip
// (row-major index) in the low 16 bits (ttlang.emu.mesh's
// MeshDevice.fabric_connection_word makes them).
constexpr uint32_t kConnectionTag = 1u << 31;
constexpr uint32_t kHeaderBytes = 32; // sizeof(PacketHeader)

FabricPort &fabricPort(Processor &p) {
  if (!p.fabric)
    p.fabric = std::make_unique<FabricPort>();
  return *p.fabric;
}

namespace {

struct ChipXY {
  int32_t row, col;
};

const FabricSpec &fabricOrFail(const char *what) {
  const FabricSpec *fabric = runFabric();
  if (!fabric || runChips() < 2)
    kernelError(format("%s: the kernel uses the fabric, but the program runs on "
                       "one device (run it on a mesh: ttlang.emu.open_mesh_device)",
                       what));
  return *fabric;
}

ChipXY chipXY(const FabricSpec &f, uint32_t chip) {
  return {int32_t(chip / f.cols), int32_t(chip % f.cols)};
}
uint32_t chipIndex(const FabricSpec &f, ChipXY c) {
  return uint32_t(c.row) * f.cols + uint32_t(c.col);
}

/// The chip one step from `from` by (dr, dc), or -1 when there is no link
/// that way (the mesh's edge on a line).
int64_t step(const FabricSpec &f, ChipXY from, int32_t dr, int32_t dc) {
  int32_t r = from.row + dr, c = from.col + dc;
  if (c < 0 || c >= int32_t(f.cols)) {
    if (!f.ringRows || f.cols < 2)
      return -1;
    c = (c + int32_t(f.cols)) % int32_t(f.cols);
  }
  if (r < 0 || r >= int32_t(f.rows)) {
    if (!f.ringCols || f.rows < 2)
      return -1;
    r = (r + int32_t(f.rows)) % int32_t(f.rows);
  }
  if (r == from.row && c == from.col)
    return -1;
  return chipIndex(f, {r, c});
}

/// The unit step from chip `a` to its neighbour `b`, or false when they are
/// not neighbours.
bool direction(const FabricSpec &f, uint32_t a, uint32_t b, int32_t &dr,
               int32_t &dc) {
  ChipXY from = chipXY(f, a);
  const int32_t steps[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
  for (auto &s : steps)
    if (step(f, from, s[0], s[1]) == int64_t(b)) {
      dr = s[0];
      dc = s[1];
      return true;
    }
  return false;
}

FabricConnection &connectionOf(uint32_t handle, const char *what) {
  Processor &p = *Processor::current();
  FabricPort &port = fabricPort(p);
  if (handle >= port.connections.size())
    kernelError(format("%s: no such fabric connection (build it with "
                       "WorkerToFabricEdmSender::build_from_args)", what));
  return port.connections[handle];
}

std::string describe(const FabricConnection &c) {
  return format("the connection to device %u over link %u (word 0x%x)",
                c.destination, c.link, c.word);
}

/// The emulated packet header (hostdev/fabric_edm_packet_header.hpp's
/// PacketHeader, the same layout).
struct Header {
  uint8_t command, routing, hops, range;
  uint16_t payloadBytes, dstDevice;
  uint64_t nocAddress;
  uint32_t value, flush;
  uint64_t reserved;
};
static_assert(sizeof(Header) == kHeaderBytes, "PacketHeader's layout");
enum : uint8_t { kWrite = 1, kAtomicInc = 2 };
enum : uint8_t { kRouteHops = 1, kRouteMulticast = 2, kRoute2D = 3 };

/// Carries out the packet on chip `chip` (a NoC address inside `from`'s L1
/// names that offset there); false and `error` when its NoC address is
/// outside that chip's memory.
bool land(uint32_t chip, const Header &h, const uint8_t *payload,
          const Core &from, std::string &error) {
  uint32_t bytes = h.command == kWrite ? h.payloadBytes : 4;
  uint8_t *target = resolveOnChip(chip, h.nocAddress, bytes, from, error);
  if (!target)
    return false;
  if (h.command == kWrite) {
    std::memmove(target, payload, h.payloadBytes);
  } else if (reinterpret_cast<uintptr_t>(target) % 4 == 0) {
    __atomic_fetch_add(reinterpret_cast<uint32_t *>(target), h.value,
                       __ATOMIC_SEQ_CST);
  } else {
    uint32_t value;
    std::memcpy(&value, target, 4);
    value += h.value;
    std::memcpy(target, &value, 4);
  }
  notifyCrossProgress();
  return true;
}

void deliver(uint32_t chip, const Header &h, const uint8_t *payload) {
  std::string error;
  if (!land(chip, h, payload, *Processor::current()->core, error))
    kernelError(format("fabric packet on device %u: %s", chip, error.c_str()));
}

/// A packet for another process's chip (RemoteChips): who sent it (for an
/// error where it lands), then the kernel's name, the header and the payload.
/// The header's NoC address has its L1 part as an offset: the sender's L1
/// host addresses mean nothing in another process.
struct WireHead {
  uint32_t sourceChip;
  uint16_t x, y;
  uint32_t kernelBytes;
};

void sendRemote(uint32_t chip, const Processor &p, Header h,
                const uint8_t *payload) {
  if ((h.nocAddress >> kNocLocalBits) & 0x3f) // a core's L1, not DRAM
    h.nocAddress = nocAddressForTrace(*p.core, h.nocAddress);
  const std::string &kernel = p.kernel->name;
  WireHead head{p.core->chip, uint16_t(p.core->x), uint16_t(p.core->y),
                uint32_t(kernel.size())};
  uint32_t payloadBytes = h.command == kWrite ? h.payloadBytes : 0;
  std::string bytes;
  bytes.reserve(sizeof head + kernel.size() + sizeof h + payloadBytes);
  bytes.append(reinterpret_cast<const char *>(&head), sizeof head);
  bytes.append(kernel);
  bytes.append(reinterpret_cast<const char *>(&h), sizeof h);
  bytes.append(reinterpret_cast<const char *>(payload), payloadBytes);
  sendToRemoteChip(chip, std::move(bytes));
}

/// The chips a packet sent on `c` from chip `source` ends on, checking every
/// hop has a link.
std::vector<uint32_t> route(const FabricSpec &f, uint32_t source,
                            const FabricConnection &c, const Header &h) {
  std::vector<uint32_t> chips;
  if (h.routing == kRouteHops || h.routing == kRouteMulticast) {
    int32_t dr = 0, dc = 0;
    direction(f, source, c.destination, dr, dc);
    uint32_t first = h.hops, last = h.routing == kRouteHops ? h.hops : h.hops + h.range - 1;
    if (first == 0)
      kernelError(format("fabric packet on %s: 0 hops (to_chip_unicast(n) "
                         "counts from 1, the neighbour)", describe(c).c_str()));
    uint32_t at = source;
    for (uint32_t hop = 1; hop <= last; ++hop) {
      int64_t next = step(f, chipXY(f, at), dr, dc);
      if (next < 0)
        kernelError(format("fabric packet routed %u hop(s) from device %u on "
                           "%s leaves the mesh after device %u (no link "
                           "further that way)", last, source,
                           describe(c).c_str(), at));
      at = uint32_t(next);
      if (at == source)
        kernelError(format("fabric packet routed %u hop(s) on %s comes back "
                           "to device %u (a ring of %u)", last,
                           describe(c).c_str(), source, hop));
      if (hop >= first)
        chips.push_back(at);
    }
    return chips;
  }
  if (h.routing == kRoute2D) {
    uint32_t chipCount = f.rows * f.cols;
    if (h.dstDevice >= chipCount || h.dstDevice == source)
      kernelError(format("fabric packet to device %u (2-D route) from device "
                         "%u: the mesh has devices 0..%u", h.dstDevice, source,
                         chipCount - 1));
    // Dimension order: along the row (X) first, then the column (Y); the
    // first hop leaves on the connection's link.
    ChipXY at = chipXY(f, source), to = chipXY(f, h.dstDevice);
    uint32_t here = source;
    while (here != h.dstDevice) {
      int32_t dc = to.col > at.col ? 1 : to.col < at.col ? -1 : 0;
      int32_t dr = dc ? 0 : (to.row > at.row ? 1 : -1);
      int64_t next = step(f, at, dr, dc);
      if (next < 0)
        kernelError(format("fabric packet to device %u: no link from device %u "
                           "towards it", h.dstDevice, here));
      if (here == source && uint32_t(next) != c.destination)
        kernelError(format("fabric packet to device %u leaves device %u towards "
                           "device %u, but %s", h.dstDevice, source,
                           uint32_t(next), describe(c).c_str()));
      here = uint32_t(next);
      at = chipXY(f, here);
    }
    chips.push_back(here);
    return chips;
  }
  kernelError(format("fabric packet on %s has no route (set one with "
                     "to_chip_unicast, to_chip_multicast or "
                     "fabric_set_unicast_route)", describe(c).c_str()));
}
} // namespace

void deliverRemotePacket(uint32_t chip, const std::string &bytes) {
  WireHead head;
  Header h;
  if (bytes.size() < sizeof head)
    return failRun("?", 0, 0, 0, "a truncated fabric packet arrived");
  std::memcpy(&head, bytes.data(), sizeof head);
  size_t at = sizeof head + head.kernelBytes;
  std::string kernel = bytes.substr(sizeof head, head.kernelBytes);
  if (bytes.size() < at + sizeof h)
    return failRun(kernel, head.x, head.y, head.sourceChip,
                   "a truncated fabric packet arrived");
  std::memcpy(&h, bytes.data() + at, sizeof h);
  at += sizeof h;
  if (h.command == kWrite && bytes.size() < at + h.payloadBytes)
    return failRun(kernel, head.x, head.y, head.sourceChip,
                   "a truncated fabric packet arrived");
  Core origin; // L1 offsets, not host addresses (sendRemote)
  std::string error;
  if (!land(chip, h, reinterpret_cast<const uint8_t *>(bytes.data() + at),
            origin, error))
    failRun(kernel, head.x, head.y, head.sourceChip,
            format("fabric packet on device %u: %s", chip, error.c_str()));
}

void fabricKernelEnded() {
  Processor &p = *Processor::current();
  if (!p.fabric)
    return;
  for (const FabricConnection &c : p.fabric->connections)
    if (c.open)
      kernelError(format("ends with %s still open: close it (close(), or the "
                         "fabric claim's route_close) before the kernel ends",
                         describe(c).c_str()));
}

namespace rt {

uint32_t fabricConnect(uint32_t word) {
  const FabricSpec &f = fabricOrFail("WorkerToFabricEdmSender::build_from_args");
  Processor &p = *Processor::current();
  uint32_t source = p.core->chip;
  if (!(word & kConnectionTag))
    kernelError(format("runtime word 0x%x is not a fabric connection (the host "
                       "makes them: ttlang.emu MeshDevice.fabric_connection_word)",
                       word));
  FabricConnection c;
  c.word = word;
  c.destination = word & 0xffff;
  c.link = (word >> 16) & 0x7fff;
  int32_t dr = 0, dc = 0;
  if (c.destination >= f.rows * f.cols || !direction(f, source, c.destination, dr, dc))
    kernelError(format("fabric connection from device %u to device %u: no link "
                       "joins them (they are not neighbours in the %ux%u mesh)",
                       source, c.destination, f.rows, f.cols));
  if (c.link >= f.links)
    kernelError(format("fabric connection from device %u to device %u over link "
                       "%u: the control plane exposes links 0..%u", source,
                       c.destination, c.link, f.links - 1));
  FabricPort &port = fabricPort(p);
  port.connections.push_back(c);
  return uint32_t(port.connections.size() - 1);
}

void fabricOpen(uint32_t handle) {
  FabricConnection &c = connectionOf(handle, "open");
  if (c.open)
    kernelError(format("opens %s, which is open already", describe(c).c_str()));
  c.open = c.everOpened = true;
  c.inFlight = 0;
}

void fabricClose(uint32_t handle) {
  FabricConnection &c = connectionOf(handle, "close");
  if (!c.open)
    kernelError(format("closes %s, which is not open", describe(c).c_str()));
  c.open = false;
  c.staged = false;
}

uint32_t fabricFreeSlots(uint32_t handle) {
  const FabricSpec &f = fabricOrFail("get_num_free_write_slots");
  FabricConnection &c = connectionOf(handle, "get_num_free_write_slots");
  // Every packet sent was forwarded: observing the credits frees its slot.
  c.inFlight = 0;
  return f.slots;
}

void fabricStagePayload(uint32_t handle, uint32_t source, uint32_t bytes) {
  FabricConnection &c = connectionOf(handle, "send_payload_without_header");
  if (!c.open)
    kernelError(format("sends on %s, which is %s", describe(c).c_str(),
                       c.everOpened ? "closed (route_close)" : "not open (open it first: route_open)"));
  c.stagedSource = source;
  c.stagedBytes = bytes;
  c.staged = true;
}

void fabricSend(uint32_t handle, uint32_t source, uint32_t bytes) {
  const FabricSpec &f = fabricOrFail("fabric send");
  FabricConnection &c = connectionOf(handle, "fabric send");
  if (!c.open)
    kernelError(format("sends on %s, which is %s", describe(c).c_str(),
                       c.everOpened ? "closed (route_close)" : "not open (open it first: route_open)"));
  if (c.inFlight >= f.slots)
    kernelError(format("sends a packet on %s beyond the link's %u buffer "
                       "slots without waiting for a free one "
                       "(wait_for_empty_write_slot)", describe(c).c_str(),
                       f.slots));
  if (bytes < kHeaderBytes)
    kernelError(format("fabric send of %u B: a packet starts with its %u B "
                       "header", bytes, kHeaderBytes));
  Processor &p = *Processor::current();
  const uint8_t *at = currentL1(source, bytes, "fabric send");
  Header h;
  std::memcpy(&h, at, sizeof h);
  const uint8_t *payload = nullptr;
  if (h.command == kWrite) {
    if (bytes > kHeaderBytes) {
      if (bytes - kHeaderBytes < h.payloadBytes)
        kernelError(format("fabric packet of %u B carries %u B, its header "
                           "writes %u", bytes, bytes - kHeaderBytes,
                           h.payloadBytes));
      payload = at + kHeaderBytes;
    } else {
      if (!c.staged || c.stagedBytes < h.payloadBytes)
        kernelError(format("fabric packet header on %s writes %u B, but no "
                           "payload of that size was sent ahead of it "
                           "(send_payload_without_header_...)",
                           describe(c).c_str(), h.payloadBytes));
      payload = currentL1(c.stagedSource, h.payloadBytes, "fabric payload");
    }
  } else if (h.command != kAtomicInc) {
    kernelError(format("fabric packet on %s has no command (to_noc_unicast_write "
                       "or to_noc_unicast_atomic_inc)", describe(c).c_str()));
  }
  for (uint32_t chip : route(f, p.core->chip, c, h)) {
    if (chipIsLocal(chip))
      deliver(chip, h, payload);
    else
      sendRemote(chip, p, h, payload);
  }
  c.staged = false;
  ++c.inFlight;
}

} // namespace rt
} // namespace ttlemu
